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
	// byChannel finds the entry of a channel's game (see known).
	byChannel map[string]*list.Element
	// hits and misses count the takes that found a state and those that
	// did not (or found a stale one).
	hits, misses int64
}

// cachedState is one game's decoded state at one version, with the
// log's latest moves at that version when they are known (see
// storage.Recent), and its seats and options when seatsOK: every change
// to the log, the seats or the options is a commit that moves the
// version on, so they hold while the version does.
type cachedState struct {
	id       int64
	game     string
	channel  string
	version  int64
	snap     []byte
	state    engine.State
	latest   []storage.Move
	latestOK bool
	seatsOK  bool
	seats    []storage.Seat
	options  map[string]string
	// secrets are the seats' secret fingerprints of state when known
	// (see engine.SecretFingerprints), never changed once kept.
	secrets map[engine.Seat]uint64
}

func newStateCache(max int) *stateCache {
	return &stateCache{max: max, order: list.New(), byID: map[int64]*list.Element{}, byChannel: map[string]*list.Element{}}
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
	c.forget(el)
	e := el.Value.(*cachedState)
	if e.version != version || e.game != game || !bytes.Equal(e.snap, snap) {
		c.misses++
		return nil, false
	}
	c.hits++
	return e, true
}

// forget removes an entry (c.mu held).
func (c *stateCache) forget(el *list.Element) {
	e := el.Value.(*cachedState)
	c.order.Remove(el)
	delete(c.byID, e.id)
	if c.byChannel[e.channel] == el {
		delete(c.byChannel, e.channel)
	}
}

// known is what is kept of the game of channel, if anything, for the
// load that follows (storage's OpenGameKnown) to compare with the row
// instead of reading its snapshot, seats and options out; take still
// decides whether the state is used.
func (c *stateCache) known(channel string) storage.Known {
	if c == nil || c.max <= 0 {
		return storage.Known{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byChannel[channel]; ok {
		e := el.Value.(*cachedState)
		return storage.Known{Version: e.version, Snapshot: e.snap, SeatsKnown: e.seatsOK, Seats: e.seats, Options: e.options}
	}
	return storage.Known{}
}

// put keeps e.state as the state of game e.id of e.channel at
// e.version, whose stored snapshot is e.snap, with the log's latest
// moves at that version when e.latestOK. The caller gives up the state.
func (c *stateCache) put(e *cachedState) {
	if c == nil || c.max <= 0 || e.state == nil || e.snap == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byID[e.id]; ok {
		c.forget(el)
	}
	if el, ok := c.byChannel[e.channel]; ok {
		c.forget(el) // the channel's earlier game
	}
	el := c.order.PushFront(e)
	c.byID[e.id] = el
	c.byChannel[e.channel] = el
	for c.order.Len() > c.max {
		c.forget(c.order.Back())
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
