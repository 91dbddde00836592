package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Raymond Flint's hero cards (issue 19, AN-HERO-10…16) [R what they are
// and how they start; ours what they do, CONTENT.md §7].
//
// Raymond starts with one dropship pass and his card *Wrapped Up in
// Himself* face up. While it is up, no twilight card gives him a favor:
// a drifter who has forgotten who his friends are takes no help, not even
// Kate's. It is set aside when a Memory card gives him good baggage (the
// others remind him who he was) or by his own light card Face the
// Mirror, and a dark card (Old Habits) can bring it back.
//
// His four Memory cards are shuffled at setup and one is dealt to each
// other player; the rest go back to the box unseen, kept nowhere in the
// state. A Memory card is not in its holder's hand: it does not count
// toward the hand limit, and no effect that targets a hand (a discard at
// random, a look at a hand, discards to pay a cost) can reach it. Its
// holder may play it on his own turn, for no Time, while Raymond's plot
// card is in play: Raymond gains one conditional baggage of the Memory's
// word, good or bad as his plot card in play reads it (a past revealed at
// the right moment helps him, at the wrong one hurts him), and the holder
// takes the Memory's reward. The card then lies face up, public.

// The effect ops of Raymond's cards.
const (
	// OpRayWrap puts Wrapped Up in Himself face up again.
	OpRayWrap Op = "ray wrap"
	// OpRayUnwrap sets Wrapped Up in Himself aside.
	OpRayUnwrap Op = "ray unwrap"
)

// RaymondSlug is Raymond Flint's slug.
const RaymondSlug = "raymond"

// MoveMemory is the move that plays a Memory card.
const MoveMemory = "play memory"

// Flint is the state of Raymond's hero cards, public: whether *Wrapped Up
// in Himself* is face up and the Memory cards played so far.
type Flint struct {
	Wrapped bool `json:"wrapped"`
	// Played are the Memory cards played, in order.
	Played []MemoryPlayed `json:"played,omitempty"`
}

// MemoryPlayed is a Memory card played face up: who played it and what
// it gave Raymond (+1 good baggage, −1 bad, 0 none).
type MemoryPlayed struct {
	Seat    int    `json:"seat"`
	Memory  string `json:"memory"`
	Baggage int    `json:"baggage"`
}

// Memory is one of Raymond's Memory cards [ours: names, words, rewards].
type Memory struct {
	ID   string
	Name string
	// Past is the line of story the card tells.
	Past string
	// Word is the conditional baggage the card gives Raymond.
	Word string
	// Reward are the effects on the holder who plays it.
	Reward []Effect
}

// Memories are Raymond's four Memory cards [R count; ours the rest]. Two
// words usually read good on his plot cards (courage, love) and two bad
// (guilt, greed); which, depends on the card in play when it is played.
var Memories = []Memory{
	{ID: "memory-1", Name: "The Warehouse Fire", Past: "Raymond went back in for a stranger.", Word: BagCourage, Reward: []Effect{gain(2)}},
	{ID: "memory-2", Name: "Kate's Wedding", Past: "He gave the bride away and stayed sober all night.", Word: BagLove, Reward: []Effect{effect(OpDrawLight, 1)}},
	{ID: "memory-3", Name: "The Keene Verdict", Past: "The jury never heard what Raymond left out.", Word: BagGuilt, Reward: []Effect{effect(OpDropship, 0)}},
	{ID: "memory-4", Name: "Parsons' Envelope", Past: "Parsons paid, and Raymond looked away.", Word: BagGreed, Reward: []Effect{lightShift(1)}},
}

// MemoryByID finds a Memory card; an unknown id (a hidden one) gives nil.
func MemoryByID(id string) *Memory {
	for i := range Memories {
		if Memories[i].ID == id {
			return &Memories[i]
		}
	}
	return nil
}

// Text words the Memory card from its data.
func (m *Memory) Text() string {
	light := &Card{ID: RaymondSlug + "-m", Name: m.Name}
	return fmt.Sprintf("%s (Raymond's Memory; not in your hand): %s Play on your turn for no Time while Raymond's plot card is in play. Raymond gains 1 %s baggage, good or bad as his plot card reads it; then %s.",
		m.Name, m.Past, m.Word, effectsText(light, m.Reward))
}

// raymondSeat is the seat playing Raymond, or -1.
func (s *State) raymondSeat() int {
	for i := range s.Dets {
		if s.Dets[i].Detective != NoDetective && s.Dets[i].Def().Slug == RaymondSlug {
			return i
		}
	}
	return -1
}

// setupRaymond gives Raymond his dropship pass and Wrapped Up in Himself
// (AN-HERO-10/11) and deals his Memory cards (AN-HERO-12/13); nothing
// when Raymond is not played.
func (s *State) setupRaymond(res *engine.Result) {
	r := s.raymondSeat()
	if r < 0 {
		return
	}
	d := &s.Dets[r]
	if s.Supply.Dropships > 0 {
		s.Supply.Dropships--
		d.Dropships++
	}
	d.Flint = &Flint{Wrapped: true}
	ids := make([]string, len(Memories))
	for i, m := range Memories {
		ids[i] = m.ID
	}
	engine.ShuffleSlice(&s.Rng, ids)
	// AN-HERO-12: one to each other player, clockwise from Raymond's left;
	// AN-HERO-13: the rest are dropped here, so no view or log holds them.
	k := 0
	for i := 1; i < s.NPlayers && k < len(ids); i++ {
		o := &s.Dets[(r+i)%s.NPlayers]
		o.Memory = ids[k]
		o.MemoryHeld = true
		k++
	}
	res.Say("%s plays Raymond Flint: one dropship pass, Wrapped Up in Himself face up, and a Memory card dealt face down to each other player (%d back to the box unseen).", who(r), len(ids)-k)
}

// wrapped reports whether d is Raymond with Wrapped Up in Himself up.
func (d *Det) wrapped() bool { return d.Flint != nil && d.Flint.Wrapped }

// rayBlocks reports whether Wrapped Up in Himself stops effect e on d (a
// favor from the supply or from his NPC), saying so.
func (s *State) rayBlocks(d *Det, e Effect, res *engine.Result) bool {
	if !d.wrapped() || e.Op != OpFavor && e.Op != OpNPCFavor {
		return false
	}
	res.Say("%s is wrapped up in himself: the favor does not reach him.", who(d.Seat))
	return true
}

// rayWrap resolves OpRayWrap and OpRayUnwrap on d; on anyone but Raymond
// they do nothing.
func (s *State) rayWrap(d *Det, up bool, res *engine.Result) {
	if d.Flint == nil {
		res.Say("%s has no Wrapped Up in Himself card.", who(d.Seat))
		return
	}
	if d.Flint.Wrapped == up {
		return
	}
	d.Flint.Wrapped = up
	if up {
		res.Say("%s is wrapped up in himself again: no favor reaches him until he is reminded who he was.", who(d.Seat))
	} else {
		res.Say("%s sets Wrapped Up in Himself aside: favors reach him again.", who(d.Seat))
	}
}

// rayEffectText words Raymond's ops for card texts.
func rayEffectText(e Effect, v func(base, third string) string) string {
	if e.Op == OpRayWrap {
		return v("turn", "turns") + " Wrapped Up in Himself face up (no favors from cards)"
	}
	return v("set", "sets") + " Wrapped Up in Himself aside"
}

// memoryMoves lists "play memory" on the active seat's turn (a move of
// its holder, no Time, AN-HERO-12 ours).
func (s *State) memoryMoves(d *Det, ms *engine.Moves) {
	r := s.raymondSeat()
	if r < 0 {
		ms.Add(MoveMemory, engine.Cond("Nobody plays Raymond Flint: there are no Memory cards in this game"), nil)
		return
	}
	_, inPlay := s.plotCard(r)
	c := engine.Require(d.Seat != r, "Raymond's Memory cards are played by the other players who hold them, not by Raymond").
		And(engine.Require(d.MemoryHeld, "You hold no Memory card (you played it already)")).
		And(engine.Require(inPlay, "Raymond's plot has ended: a Memory card is played only while his plot card is in play"))
	ms.Add(MoveMemory, c, func(res *engine.Result) { s.playMemory(d.Seat, r, res) })
}

// playMemory plays seat's Memory card: Raymond gains its conditional
// baggage, a good one sets Wrapped Up in Himself aside, and the holder
// takes the reward. The card lies face up from then on.
func (s *State) playMemory(seat, r int, res *engine.Result) {
	d := &s.Dets[seat]
	m := MemoryByID(d.Memory)
	res.Say("%s plays Raymond's Memory card %s: %s", who(seat), m.Name, m.Text())
	got := s.gainConditional(r, m.Word, 1, res)
	if got > 0 {
		s.rayWrap(&s.Dets[r], false, res)
	}
	s.resolve(&Play{Seat: seat, Target: seat}, m.Reward, res)
	ray := &s.Dets[r]
	ray.Flint.Played = append(ray.Flint.Played, MemoryPlayed{Seat: seat, Memory: m.ID, Baggage: max(min(got, 1), -1)})
	d.Memory, d.MemoryHeld = "", false
}

// botMemory is "play memory" when the bot holds one and it is worth it
// now: when its word reads bad on Raymond's plot card in play (a rival
// hurt); in the last week when it reads nothing (the reward at no cost);
// on the last day whatever it reads (the reward before the game ends).
func (s *State) botMemory(me int, legal []string) string {
	d := &s.Dets[me]
	r := s.raymondSeat()
	if !contains(legal, MoveMemory) || r < 0 {
		return ""
	}
	m := MemoryByID(d.Memory)
	pc, ok := s.plotCard(r)
	if m == nil || !ok {
		return ""
	}
	w, day := s.weekDay()
	last := w == Weeks
	if contains(pc.Bad, m.Word) || last && !contains(pc.Good, m.Word) || last && day == DaysPerWeek {
		return MoveMemory
	}
	return ""
}

// memoryText words d's own Memory card for its holder's view, or "".
func memoryText(d *Det) string {
	if m := MemoryByID(d.Memory); m != nil {
		return fmt.Sprintf("Your Memory card [%s]: %s\n", MoveMemory, m.Text())
	}
	return ""
}

// rayPublicText words Raymond's hero cards for the public view (an empty
// string for other games).
func (s *State) rayPublicText() string {
	r := s.raymondSeat()
	if r < 0 || s.Dets[r].Flint == nil {
		return ""
	}
	var b strings.Builder
	f := s.Dets[r].Flint
	state := "face up: no favors from twilight cards reach him"
	if !f.Wrapped {
		state = "set aside"
	}
	var held, played []string
	for _, i := range s.MemoryHolders() {
		held = append(held, who(i))
	}
	for _, p := range f.Played {
		played = append(played, fmt.Sprintf("%s by %s (%s)", MemoryByID(p.Memory).Name, who(p.Seat), BaggageWord(p.Baggage)))
	}
	fmt.Fprintf(&b, "Raymond Flint: Wrapped Up in Himself %s. Memory cards held by %s; played: %s.\n", state, listOr(held), listOr(played))
	return b.String()
}

// MemoryHolders are the seats holding one of Raymond's Memory cards, in
// seat order; that a seat holds one is public, which one is not.
func (s *State) MemoryHolders() []int {
	var seats []int
	for i := range s.Dets {
		if s.Dets[i].MemoryHeld {
			seats = append(seats, i)
		}
	}
	return seats
}

// BaggageWord words what a played Memory gave Raymond.
func BaggageWord(n int) string {
	switch {
	case n > 0:
		return "good baggage"
	case n < 0:
		return "bad baggage"
	}
	return "no baggage"
}
