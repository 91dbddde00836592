package commands

import (
	"bytes"
	"container/list"
	"sync"

	"casefile/engine"
	"casefile/storage"
)

// DefaultStateCache is how many games' decoded states a service keeps
// between commands when Settings.StateCache is zero.
const DefaultStateCache = 1000

// stateCache keeps the decoded state of recently played games between
// commands, so that the next command of a game skips decoding its
// snapshot, which was the largest part of loading a game. The stored row
// stays the game: an entry is used only when the row read for the
// command has the entry's version and the very snapshot bytes the entry
// was decoded from or saved as, so a change written by another process
// (a second shard, `casefile reshard`, a restore) or by any path that
// does not pass through here is never missed. An entry is taken out while
// a command uses its state, so no two commands share one state; only a
// command that saved that state (or only read it) puts it back. It holds
// at most max games, dropping the least recently used.
type stateCache struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *cachedState, most recently used first
	byID  map[int64]*list.Element
	// hits and misses count the takes that found a state and those that
	// did not (or found a stale one).
	hits, misses int64
}

// cachedState is one game's decoded state at one version, with the
// log's latest moves at that version when they are known (see
// storage.Recent): every change to the log is a commit that moves the
// version on, so they hold while the version does.
type cachedState struct {
	id       int64
	game     string
	version  int64
	snap     []byte
	state    engine.State
	latest   []storage.Move
	latestOK bool
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, order: list.New(), byID: map[int64]*list.Element{}}
}

// take hands over the cached state of game id when it is the state of
// snap at version, and forgets it either way: the caller now owns it.
func (c *stateCache) take(id int64, game string, version int64, snap []byte) (*cachedState, bool) {
	if c == nil || c.max <= 0 {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byID[id]
	if !ok {
		c.misses++
		return nil, false
	}
	c.order.Remove(el)
	delete(c.byID, id)
	e := el.Value.(*cachedState)
	if e.version != version || e.game != game || !bytes.Equal(e.snap, snap) {
		c.misses++
		return nil, false
	}
	c.hits++
	return e, true
}

// put keeps st as the state of game id at version, whose stored
// snapshot is snap, with the log's latest moves at that version when
// latestOK. The caller gives up st.
func (c *stateCache) put(id int64, game string, version int64, snap []byte, st engine.State, latest []storage.Move, latestOK bool) {
	if c == nil || c.max <= 0 || st == nil || snap == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byID[id]; ok {
		c.order.Remove(el)
	}
	c.byID[id] = c.order.PushFront(&cachedState{id: id, game: game, version: version, snap: snap, state: st, latest: latest, latestOK: latestOK})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byID, last.Value.(*cachedState).id)
	}
}

// StateCacheStats reports how many games' decoded states the service
// keeps now, and how many loads of a started game found theirs there
// (hits) or decoded the snapshot (misses).
func (s *Service) StateCacheStats() (games int, hits, misses int64) {
	c := s.states
	if c == nil {
		return 0, 0, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len(), c.hits, c.misses
}
