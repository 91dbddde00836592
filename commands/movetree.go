package commands

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"casefile/engine"
)

// maxChoices is how many choices Discord shows for autocomplete, and how
// many options a select menu holds.
const maxChoices = 25

// maxFront is how many ranked moves (finishing ones first of all) are
// listed one by one ahead of the groups, so they cannot crowd out the
// groups that stand for every other kind of move.
const maxFront = 5

// finishingWords are the words that make a move finish the current step
// when the move begins or ends with one ("pass", "plan done", "end turn"):
// such moves rank first, as a player looking at a long list most often
// wants the way out of it.
var finishingWords = map[string]bool{"pass": true, "done": true, "end": true, "stop": true, "finish": true, "ready": true, "skip": true}

// groupMark matches the decoration of a group's choice name (" … (32)"),
// which a client may leave in the field when the player picks a group and
// types on, so that what is typed next still narrows the group.
var groupMark = regexp.MustCompile(`…\s*(\(\d+\))?\s*`)

// cleanTyped is the typed text as the tree compares it: group decorations
// taken off, then folded as NormalizeMove folds moves.
func cleanTyped(typed string) string {
	return engine.NormalizeMove(groupMark.ReplaceAllString(typed, ""))
}

// rankMove is how strongly a move is pushed to the front of the list:
// finishing moves 1, others 0, plus what the game's Ranker says.
func rankMove(move string, rank func(string) int) int {
	r := 0
	if w := strings.Fields(strings.ToLower(move)); len(w) > 0 && (finishingWords[w[0]] || finishingWords[w[len(w)-1]]) {
		r = 1
	}
	if rank != nil {
		r += rank(move)
	}
	return r
}

// matchMoves picks the moves typed narrows to. A move matches when its
// folded text begins with the typed text (so picking a group's prefix
// yields exactly that group); only when no move begins so does any move
// containing the text match, as a search ("b3" finds "plan b3").
func matchMoves(moves []string, typed string) []string {
	return newMoveList(moves, nil).match(cleanTyped(typed))
}

// moveList is one seat's (or one person's) moves with what the tree
// needs of each worked out once: the folded text, its words and the rank.
// The autocomplete keeps one per person and game version (see
// moveLists), so the keystrokes after the first only filter and group.
// Once built it is only read, except for its memo.
type moveList struct {
	moves []string
	norm  []string
	rank  map[string]int // each move's rank, when not 0
	words wordsOf
	flat  map[string]string // each move's folded text

	mu sync.Mutex
	// memo keeps the answers that had to group (more matches than
	// fit), by folded typed text: the empty text and first letters that
	// every player types again and again.
	memo map[string][]pick
}

// maxMemo bounds a move list's memo of grouped answers.
const maxMemo = 32

func newMoveList(moves []string, rank func(string) int) *moveList {
	l := &moveList{moves: moves, norm: make([]string, len(moves)), rank: map[string]int{},
		words: make(wordsOf, len(moves)), flat: make(map[string]string, len(moves))}
	for i, m := range moves {
		n := engine.NormalizeMove(m)
		l.norm[i] = n
		if r := rankMove(m, rank); r != 0 {
			l.rank[m] = r
		}
		l.words[m] = strings.Fields(n)
		l.flat[m] = n
	}
	return l
}

// match is matchMoves on the folded typed text want.
func (l *moveList) match(want string) []string {
	if want == "" {
		return l.moves
	}
	var pre, sub []string
	for i, n := range l.norm {
		if strings.HasPrefix(n, want) {
			pre = append(pre, l.moves[i])
		} else if len(pre) == 0 && strings.Contains(n, want) {
			sub = append(sub, l.moves[i])
		}
	}
	if len(pre) > 0 {
		return pre
	}
	return sub
}

// groupMoves builds the choices for a list of moves (in the game's order)
// and the typed text: the matching moves themselves when at most max
// match, otherwise the ranked moves one by one and the rest grouped by
// their shared leading words, each group a choice named "prefix … (N)"
// whose value is the prefix, so that picking it (or typing it) lists the
// group. A group of one is its move. Groups are opened further while the
// choices still fit (see expand); when the moves share a prefix with more
// different next words than fit, they are grouped by the next word's
// first letter ("plan b… (4)"). rank may be nil.
func groupMoves(moves []string, typed string, max int, rank func(string) int) []Choice {
	picks := moveTree(moves, typed, max, rank)
	out := make([]Choice, len(picks))
	for i, p := range picks {
		out[i] = p.Choice
	}
	return out
}

// pick is one entry of a level of the move tree: a move, or a group of
// moves whose Value is their shared prefix.
type pick struct {
	Choice
	Group bool
}

// moveTree is groupMoves that also says which entries are groups; the
// picker needs to know, as a group's prefix may also be a move's text.
func moveTree(moves []string, typed string, max int, rank func(string) int) []pick {
	return newMoveList(moves, rank).tree(typed, max)
}

// tree is moveTree of the list's moves. Its answer is shared with later
// callers when it comes from the memo: they must not change it.
func (l *moveList) tree(typed string, max int) []pick {
	want := cleanTyped(typed)
	matched := l.match(want)
	memo := len(matched) > max && max == maxChoices
	if memo {
		l.mu.Lock()
		out, ok := l.memo[want]
		l.mu.Unlock()
		if ok {
			return out
		}
	}
	order := make([]int, len(matched))
	ranks := make([]int, len(matched))
	for i, m := range matched {
		order[i], ranks[i] = i, l.rank[m]
	}
	sort.SliceStable(order, func(a, b int) bool { return ranks[order[a]] > ranks[order[b]] })
	if len(matched) <= max {
		out := make([]pick, len(order))
		for i, k := range order {
			out[i] = movePick(matched[k])
		}
		return out
	}
	var front []pick
	var restAt []int
	for _, k := range order {
		if ranks[k] > 0 && len(front) < maxFront {
			front = append(front, movePick(matched[k]))
			continue
		}
		restAt = append(restAt, k)
	}
	// The game's order, not the rank's, among the grouped moves.
	sort.Ints(restAt)
	rest := make([]string, len(restAt))
	for i, k := range restAt {
		rest[i] = matched[k]
	}
	slots := max - len(front)
	entries := l.words.split(l.words.group(rest), slots, true)
	entries = l.words.expand(entries, slots)
	out := front
	for _, g := range entries {
		out = append(out, l.choice(g, matched))
	}
	if memo {
		l.mu.Lock()
		if l.memo == nil {
			l.memo = map[string][]pick{}
		}
		if len(l.memo) < maxMemo {
			l.memo[want] = out
		}
		l.mu.Unlock()
	}
	return out
}

// wordsOf holds each move's folded words, worked out once per tree level
// as grouping looks at them again and again.
type wordsOf map[string][]string

// group is a set of moves sharing a prefix (whole words, or whole words
// then the first letter of the next when partial).
type group struct {
	words   []string // the shared leading words
	letter  string   // the next word's shared first letter, for a partial group
	members []string
}

// group makes a group of moves, its prefix their longest shared
// leading words.
func (ws wordsOf) group(members []string) group {
	g := group{members: members}
	for i, m := range members {
		w := ws[m]
		if i == 0 {
			g.words = w
			continue
		}
		n := 0
		for n < len(g.words) && n < len(w) && g.words[n] == w[n] {
			n++
		}
		g.words = g.words[:n]
	}
	return g
}

// prefix is the text a group stands for, the value its choice carries.
func (g group) prefix() string {
	p := strings.Join(g.words, " ")
	if g.letter != "" {
		if p != "" {
			p += " "
		}
		p += g.letter
	}
	return p
}

// movePick is the entry of one move.
func movePick(m string) pick { return pick{Choice: Choice{Name: clip(m, 100), Value: clip(m, 100)}} }

// choice is the group's entry; its count is of every matched move with
// its prefix, as picking it lists exactly those.
func (l *moveList) choice(g group, matched []string) pick {
	if len(g.members) == 1 {
		return movePick(g.members[0])
	}
	p := g.prefix()
	n := 0
	for _, m := range matched {
		if strings.HasPrefix(l.flat[m], p) {
			n++
		}
	}
	name := p + " … (" + strconv.Itoa(n) + ")"
	if g.letter != "" {
		name = p + "… (" + strconv.Itoa(n) + ")"
	}
	return pick{Choice: Choice{Name: clip(name, 100), Value: clip(p, 100)}, Group: true}
}

// split divides a group by the word after its shared prefix, in the
// order each first appears; a move that is the prefix itself stands alone.
// When byLetter is set and that gives more than slots parts, it divides
// by the next word's first letter instead.
func (ws wordsOf) split(g group, slots int, byLetter bool) []group {
	// A partial group's members share the next word's first letter; the
	// whole next word tells them apart, as for any group.
	n := len(g.words)
	parts := partition(g.members, func(m string) string {
		w := ws[m]
		if len(w) <= n {
			return "\x00" + m
		}
		return w[n]
	})
	if len(parts) > slots && byLetter && g.letter == "" {
		letters := partition(g.members, func(m string) string {
			w := ws[m]
			if len(w) <= n {
				return "\x00" + m
			}
			return string([]rune(w[n])[:1])
		})
		if len(letters) < len(parts) {
			out := make([]group, 0, len(letters))
			for _, p := range letters {
				sub := ws.group(p)
				if len(p) > 1 && len(sub.words) == n {
					sub.letter = string([]rune(ws[p[0]][n])[:1])
				}
				out = append(out, sub)
			}
			return out
		}
	}
	out := make([]group, 0, len(parts))
	for _, p := range parts {
		out = append(out, ws.group(p))
	}
	return out
}

// partition splits moves by key, keeping the order of first appearance.
func partition(moves []string, key func(string) string) [][]string {
	idx := map[string]int{}
	var out [][]string
	for _, m := range moves {
		k := key(m)
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], m)
	}
	return out
}

// expand splits groups into their parts while the choices still fit in
// slots, a whole level at a time, so that sibling groups are shown alike
// ("play … (126)" rather than some characters' plays opened and others
// not). When a level no longer fits as a whole, only the groups that
// open into moves alone are opened, smallest first, as far as they fit:
// a move shown costs a pick less, and every kind of move keeps its place.
func (ws wordsOf) expand(entries []group, slots int) []group {
	for {
		split := map[int][]group{}
		n := len(entries)
		for i, g := range entries {
			if len(g.members) < 2 {
				continue
			}
			if parts := ws.split(g, slots, false); len(parts) > 1 {
				split[i] = parts
				n += len(parts) - 1
			}
		}
		if len(split) == 0 {
			break
		}
		if n > slots {
			split = ws.leaves(entries, split, slots)
			entries = replaceSplit(entries, split)
			break
		}
		entries = replaceSplit(entries, split)
	}
	if len(entries) > slots {
		entries = entries[:slots]
	}
	return entries
}

// leaves keeps of the splits those whose parts are single moves, smallest
// group first, as many as fit in slots.
func (ws wordsOf) leaves(entries []group, split map[int][]group, slots int) map[int][]group {
	var idx []int
	for i, parts := range split {
		single := true
		for _, p := range parts {
			single = single && len(p.members) == 1
		}
		if single {
			idx = append(idx, i)
		}
	}
	sort.Slice(idx, func(a, b int) bool {
		if la, lb := len(entries[idx[a]].members), len(entries[idx[b]].members); la != lb {
			return la < lb
		}
		return idx[a] < idx[b]
	})
	kept := map[int][]group{}
	n := len(entries)
	for _, i := range idx {
		if n+len(split[i])-1 <= slots {
			kept[i] = split[i]
			n += len(split[i]) - 1
		}
	}
	return kept
}

// replaceSplit puts each split group's parts in its place.
func replaceSplit(entries []group, split map[int][]group) []group {
	out := make([]group, 0, len(entries))
	for i, g := range entries {
		if parts, ok := split[i]; ok {
			out = append(out, parts...)
		} else {
			out = append(out, g)
		}
	}
	return out
}

// MoveChoices is what the `/move` autocomplete offers for a seat's moves
// (in the game's order) and the typed text: see groupMoves. rank may be
// nil. A choice whose Name differs from its Value stands for a group.
func MoveChoices(moves []string, typed string, rank func(string) int) []Choice {
	return groupMoves(moves, typed, maxChoices, rank)
}
