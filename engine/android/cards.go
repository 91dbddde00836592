package android

import (
	"fmt"
	"slices"
	"strings"

	"casefile/engine"
)

// The twilight cards as data (issue 18, study §1B.2). A card is a name, a
// side (light or dark), a twilight cost, the plot it belongs to (its
// colour, for the plot-colour rule AN-COST-10), traits (Fight), for a dark
// card the trigger it answers, conditions, an optional choice made when it
// is played (a suspect, a detective, a location) and a list of effects
// drawn from a small shared vocabulary; a Fight card has two lists, its
// light and its dark tactics. The game plays every card through one
// interpreter (twilight_play.go); a card's text is worded from its data,
// so what a card says and what it does cannot drift apart.
//
// These are first decks, ours in every word and number: six light and six
// dark cards per detective, tied to the character. Issue 19 brings each
// detective's decks to full size (deck_<slug>.go).

// Card is one twilight card.
type Card struct {
	// ID names the card in moves and hands ("caprice-l01").
	ID   string
	Name string
	// Dark is set for a dark card (played by other players in response
	// to the owner's actions); a light card is played by its owner.
	Dark bool
	// Cost is the twilight cost: the owner dark shifts that much to play
	// a light card, another player light shifts to play a dark one.
	Cost int
	// Plot is the title of the owner's plot whose colour the card bears,
	// or empty for none.
	Plot   string
	Traits []string
	// Trigger is the action of the owner a dark card answers.
	Trigger Trigger
	// Needs are the conditions that must hold to play the card.
	Needs []Need
	// Choose is what the player names when playing the card.
	Choose Choice
	// Effects are resolved in order; a Fight card has none of its own
	// and resolves LightTactics or DarkTactics, as its target chooses.
	Effects      []Effect
	LightTactics []Effect
	DarkTactics  []Effect
}

// Trigger is the kind of action a dark card may answer.
type Trigger string

// The triggers: the active detective moves (anywhere, into a seedy, ritzy
// or restricted location), follows up a lead, uses a location ability, or
// plays a light card.
const (
	OnMove       Trigger = "move"
	OnSeedy      Trigger = "seedy"
	OnRitzy      Trigger = "ritzy"
	OnRestricted Trigger = "restricted"
	OnFollowUp   Trigger = "follow up"
	OnAbility    Trigger = "ability"
	OnLightCard  Trigger = "light card"
)

// triggerText words a trigger for card texts.
var triggerText = map[Trigger]string{
	OnMove:       "moves",
	OnSeedy:      "moves into a seedy location",
	OnRitzy:      "moves into a ritzy location",
	OnRestricted: "moves into a restricted location",
	OnFollowUp:   "follows up a lead",
	OnAbility:    "uses a location ability",
	OnLightCard:  "plays a light card",
}

// Choice is what a card asks its player to name.
type Choice string

// The choices: a live suspect, another detective, a location within the
// target's ruler reach.
const (
	ChooseNone      Choice = ""
	ChooseSuspect   Choice = "suspect"
	ChooseDetective Choice = "detective"
	ChooseReach     Choice = "location"
)

// FightTrait is the trait of cards fought out with light or dark tactics
// (AN-TRAIT-02…06).
const FightTrait = "Fight"

// Need is a condition of playing a card.
type Need struct {
	Kind NeedKind
	// Favor is the favor type for NeedFavor and NeedTargetFavor.
	Favor string
	// Trait is the trait NeedTrait asks for ("Fight").
	Trait string
	// N is an amount a hero need asks for (a sum of money).
	N int
}

// NeedKind names a condition.
type NeedKind string

// The conditions: the player holds a favor of a type (which an effect
// then spends), the target holds one, the player holds a trauma counter,
// the player holds another card with a trait (a card referring to cards
// by trait, AN-TRAIT-01).
const (
	NeedFavor       NeedKind = "favor"
	NeedTargetFavor NeedKind = "target favor"
	NeedTrauma      NeedKind = "trauma"
	NeedTrait       NeedKind = "trait"
)

// Effect is one primitive of the card vocabulary.
type Effect struct {
	Op Op
	// N is the amount (Time, spaces, cards, counters).
	N int
	// Self makes the effect fall on the card's player rather than its
	// target. For a light card both are the owner; for a dark card the
	// target is the active detective the card is played on.
	Self bool
	// Favor is the favor type of OpFavor and OpLoseFavor.
	Favor string
	// Word is the conditional baggage word of OpCondBaggage ("duty").
	Word string
}

// Op names a primitive.
type Op string

// The primitives, each on state the game has [study §1B.2, the subset
// our decks need]. Baggage reaches a card through the story's
// gainBaggage and gainConditional (AN-CBAG-01), an NPC favor through
// gainNPCFavor.
const (
	OpTime       Op = "time"        // the target gains N Time (loses −N) this turn
	OpDarkShift  Op = "dark shift"  // N spaces, as far as the track allows
	OpLightShift Op = "light shift" // N spaces, as far as the track allows
	OpDrawLight  Op = "draw light"  // N cards of one's own light deck, below the hand limit
	OpDiscard    Op = "discard"     // N cards of the hand at random, to their decks
	OpFavor      Op = "favor"       // gain a favor of the type from the supply
	OpLoseFavor  Op = "lose favor"  // give a favor of the type back to the supply
	OpHit        Op = "hit"         // a hit on the chosen suspect (AN-HIT)
	OpAlibi      Op = "alibi"       // an alibi on the chosen suspect (AN-ALIBI)
	OpPeek       Op = "peek"        // see the chosen suspect's face-down evidence
	OpReveal     Op = "reveal"      // turn the chosen suspect's first face-down token face up
	OpLook       Op = "look"        // see the chosen detective's cards
	OpMove       Op = "move"        // move to the chosen location, free
	OpDropship   Op = "dropship"    // gain a dropship pass
	OpTrauma     Op = "trauma"      // take N trauma counters from the supply
	OpHeal       Op = "heal"        // give N trauma counters back
	// OpCondBaggage gives N conditional baggage named Word: good or bad
	// as the plot card in play lists it, or nothing (AN-CBAG-01…05).
	OpCondBaggage Op = "conditional baggage"
	OpGoodBaggage Op = "good baggage" // N good baggage on the plot in play
	OpBadBaggage  Op = "bad baggage"  // N bad baggage on the plot in play
	OpNPCFavor    Op = "npc favor"    // a favor from one's favor-granting NPC, while he lives and has one
)

// IsFight reports whether the card has the Fight trait.
func (c *Card) IsFight() bool {
	for _, t := range c.Traits {
		if t == FightTrait {
			return true
		}
	}
	return false
}

// Side is "light" or "dark".
func (c *Card) Side() string {
	if c.Dark {
		return "dark"
	}
	return "light"
}

// Text words the card in our own words, from its data.
func (c *Card) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, cost %d", c.Name, c.Side(), c.Cost)
	if c.Plot != "" {
		fmt.Fprintf(&b, ", %s", c.Plot)
	}
	if len(c.Traits) > 0 {
		fmt.Fprintf(&b, "; %s", strings.Join(c.Traits, ", "))
	}
	b.WriteString("):")
	var says []string
	if c.Dark {
		says = append(says, fmt.Sprintf("play when %s %s.", c.owner().Name, triggerText[c.Trigger]))
	}
	for _, n := range c.Needs {
		switch n.Kind {
		case NeedFavor:
			says = append(says, fmt.Sprintf("only with a %s favor.", n.Favor))
		case NeedTargetFavor:
			says = append(says, fmt.Sprintf("only if %s holds a %s favor.", c.owner().Name, n.Favor))
		case NeedTrauma:
			says = append(says, "only with a trauma counter.")
		case NeedTrait:
			says = append(says, fmt.Sprintf("only with another %s card in your hand.", n.Trait))
		default:
			if x, ok := heroNeeds[n.Kind]; ok {
				says = append(says, x.Text(c, n)+".")
			}
		}
	}
	if c.Choose != ChooseNone {
		says = append(says, fmt.Sprintf("name a %s.", c.Choose))
	}
	if c.IsFight() {
		says = append(says, fmt.Sprintf("fight — light tactics: %s; dark tactics: %s.", effectsText(c, c.LightTactics), effectsText(c, c.DarkTactics)))
	} else {
		says = append(says, effectsText(c, c.Effects)+".")
	}
	for _, x := range says {
		b.WriteString(" " + strings.ToUpper(x[:1]) + x[1:])
	}
	return b.String()
}

func effectsText(c *Card, es []Effect) string {
	var out []string
	for _, e := range es {
		out = append(out, e.text(c))
	}
	if len(out) == 0 {
		return "nothing"
	}
	return strings.Join(out, ", then ")
}

// text words one effect: "you" are the card's player; a dark card's
// target is named.
func (e Effect) text(c *Card) string {
	you := !c.Dark || e.Self
	subj := "you"
	if !you {
		subj = c.owner().Name
	}
	v := func(base, third string) string {
		if you {
			return subj + " " + base
		}
		return subj + " " + third
	}
	switch e.Op {
	case OpTime:
		if e.N >= 0 {
			return fmt.Sprintf("%s %d Time", v("gain", "gains"), e.N)
		}
		return fmt.Sprintf("%s %d Time", v("lose", "loses"), -e.N)
	case OpDarkShift:
		return fmt.Sprintf("%s %d", v("dark shift", "dark shifts"), e.N)
	case OpLightShift:
		return fmt.Sprintf("%s %d", v("light shift", "light shifts"), e.N)
	case OpDrawLight:
		return fmt.Sprintf("%s %d light %s", v("draw", "draws"), e.N, plural(e.N, "card", "cards"))
	case OpDiscard:
		return fmt.Sprintf("%s %d %s at random", v("discard", "discards"), e.N, plural(e.N, "card", "cards"))
	case OpFavor:
		return fmt.Sprintf("%s a %s favor", v("gain", "gains"), e.Favor)
	case OpLoseFavor:
		return fmt.Sprintf("%s a %s favor", v("give back", "gives back"), e.Favor)
	case OpHit:
		return "put a hit on the suspect"
	case OpAlibi:
		return "put an alibi on the suspect"
	case OpPeek:
		return "see the suspect's face-down evidence in secret"
	case OpReveal:
		return "turn the suspect's first face-down token face up"
	case OpLook:
		return "see that detective's cards in secret"
	case OpMove:
		return fmt.Sprintf("%s there for no Time", v("move", "moves"))
	case OpDropship:
		return fmt.Sprintf("%s a dropship pass", v("gain", "gains"))
	case OpTrauma:
		return fmt.Sprintf("%s %d trauma", v("take", "takes"), e.N)
	case OpHeal:
		return fmt.Sprintf("%s %d trauma", v("give back", "gives back"), e.N)
	case OpCondBaggage:
		return fmt.Sprintf("%s %d %s baggage", v("gain", "gains"), e.N, e.Word)
	case OpGoodBaggage:
		return fmt.Sprintf("%s %d good baggage", v("gain", "gains"), e.N)
	case OpBadBaggage:
		return fmt.Sprintf("%s %d bad baggage", v("gain", "gains"), e.N)
	case OpRayWrap, OpRayUnwrap:
		return rayEffectText(e, v)
	case OpNPCFavor:
		return fmt.Sprintf("%s a favor from %s NPC", v("gain", "gains"), map[bool]string{true: "your", false: "his"}[you])
	}
	if x, ok := heroOps[e.Op]; ok {
		return x.Text(e, c, you, subj, v)
	}
	return string(e.Op)
}

// owner is the detective whose deck holds the card.
func (c *Card) owner() Detective {
	slug, _, _ := strings.Cut(c.ID, "-")
	i, _ := detectiveBySlug(slug)
	return Detectives[i]
}

// Short constructors for the deck lists below.
func gain(n int) Effect          { return Effect{Op: OpTime, N: n} }
func lose(n int) Effect          { return Effect{Op: OpTime, N: -n} }
func darkShift(n int) Effect     { return Effect{Op: OpDarkShift, N: n} }
func lightShift(n int) Effect    { return Effect{Op: OpLightShift, N: n} }
func favor(f string) Effect      { return Effect{Op: OpFavor, Favor: f} }
func loseFavor(f string) Effect  { return Effect{Op: OpLoseFavor, Favor: f} }
func effect(op Op, n int) Effect { return Effect{Op: op, N: n} }
func self(e Effect) Effect       { e.Self = true; return e }

// cond is n conditional baggage named word (AN-CBAG-01).
func cond(word string, n int) Effect { return Effect{Op: OpCondBaggage, N: n, Word: word} }

// deckList is one detective's first light and dark deck, in order; ids
// are given by position (slug-l01…, slug-d01…).
type deckList struct {
	Slug        string
	Light, Dark []Card
}

// fightCard builds a Fight card.
func fightCard(name string, dark bool, cost int, plot string, trig Trigger, choose Choice, light, darkT []Effect) Card {
	return Card{Name: name, Dark: dark, Cost: cost, Plot: plot, Trigger: trig, Choose: choose, Traits: []string{FightTrait}, LightTactics: light, DarkTactics: darkT}
}

// firstDecks are the first decks [ours]: light cards help their owner
// (Time, favors, a look at evidence or hands, a free move, a hit or an
// alibi); dark cards hinder the owner when the trigger comes (Time lost,
// a dark shift, a discarded card, trauma), and their Fights let the owner
// choose between a light cost and a dark one. Costs are 0–2, within the
// 3 spaces each way of the track.
var firstDecks = []deckList{
	{Slug: "caprice", Light: []Card{
		{Name: "Glimpse of Truth", Cost: 1, Plot: "Sisters' Keeper", Choose: ChooseSuspect, Effects: []Effect{effect(OpPeek, 0)}},
		{Name: "Read the Room", Cost: 1, Choose: ChooseDetective, Effects: []Effect{effect(OpLook, 0)}},
		{Name: "Precognition", Cost: 1, Plot: "The Clone's Choice", Effects: []Effect{gain(2)}},
		{Name: "Psychic Certainty", Cost: 2, Choose: ChooseSuspect, Effects: []Effect{effect(OpReveal, 0)}},
		{Name: "Sisters' Comfort", Cost: 1, Plot: "Sisters' Keeper", Effects: []Effect{cond(BagLove, 1), effect(OpDrawLight, 1)}},
		fightCard("Cornered in the Alley", false, 0, "", "", ChooseSuspect, []Effect{gain(1)}, []Effect{effect(OpHit, 0)}),
	}, Dark: []Card{
		{Name: "Migraine", Dark: true, Cost: 1, Trigger: OnMove, Effects: []Effect{lose(1)}},
		{Name: "Voices in the Static", Dark: true, Cost: 1, Plot: "Sisters' Keeper", Trigger: OnFollowUp, Effects: []Effect{darkShift(1)}},
		{Name: "Jinteki Handlers", Dark: true, Cost: 1, Plot: "The Clone's Choice", Trigger: OnRitzy, Effects: []Effect{effect(OpDiscard, 1)}},
		{Name: "Tabloid Exposé", Dark: true, Cost: 0, Trigger: OnAbility, Effects: []Effect{cond(BagGreed, 1)}},
		fightCard("Clone Haters", true, 1, "", OnSeedy, ChooseNone, []Effect{lose(2)}, []Effect{sanity(-1)}),
		{Name: "Overload", Dark: true, Cost: 2, Trigger: OnLightCard, Effects: []Effect{lose(2)}},
	}},
	{Slug: "floyd", Light: []Card{
		{Name: "Perfect Recall", Cost: 1, Choose: ChooseSuspect, Effects: []Effect{effect(OpPeek, 0)}},
		{Name: "Directive Override", Cost: 1, Plot: "The Three Directives", Effects: []Effect{gain(2)}},
		{Name: "Confession", Cost: 1, Plot: "Father's Counsel", Effects: []Effect{cond(BagGuilt, 1), effect(OpNPCFavor, 0)}},
		{Name: "Analytical Sweep", Cost: 2, Choose: ChooseSuspect, Effects: []Effect{effect(OpReveal, 0)}},
		{Name: "Patrol Route", Cost: 1, Choose: ChooseReach, Effects: []Effect{effect(OpMove, 0)}},
		fightCard("Restraint Protocol", false, 0, "The Three Directives", "", ChooseSuspect, []Effect{effect(OpAlibi, 0)}, []Effect{effect(OpHit, 0)}),
	}, Dark: []Card{
		{Name: "System Glitch", Dark: true, Cost: 1, Trigger: OnMove, Effects: []Effect{lose(1)}},
		{Name: "Directive Conflict", Dark: true, Cost: 1, Plot: "The Three Directives", Trigger: OnFollowUp, Effects: []Effect{darkShift(1)}},
		{Name: "Recall Order", Dark: true, Cost: 1, Plot: "A Soul in the Machine", Trigger: OnRestricted, Effects: []Effect{lose(2)}},
		fightCard("Anti-Bioroid Mob", true, 1, "", OnSeedy, ChooseNone, []Effect{lose(2)}, []Effect{effect(OpTrauma, 1)}),
		{Name: "Memory Purge", Dark: true, Cost: 2, Trigger: OnLightCard, Effects: []Effect{effect(OpDiscard, 1)}},
		{Name: "Maintenance Cycle", Dark: true, Cost: 0, Plot: "Father's Counsel", Trigger: OnAbility, Effects: []Effect{lose(1)}},
	}},
	louisDeck,
	rachelDeck,
	{Slug: "raymond", Light: append([]Card{
		{Name: "Kate's Help", Cost: 1, Plot: "The Lost Years", Effects: []Effect{effect(OpNPCFavor, 0), effect(OpDrawLight, 1)}},
		{Name: "Old Informant", Cost: 1, Plot: "Ghosts of the Past", Choose: ChooseDetective, Effects: []Effect{effect(OpLook, 0)}},
		{Name: "Sober Morning", Cost: 0, Plot: "The Lost Years", Needs: []Need{{Kind: NeedTrauma}}, Effects: []Effect{effect(OpHeal, 1), lightShift(1)}},
		{Name: "Legwork", Cost: 1, Effects: []Effect{gain(2)}},
		{Name: "Stakeout", Cost: 2, Choose: ChooseSuspect, Effects: []Effect{effect(OpReveal, 0)}},
		fightCard("Bar Fight", false, 0, "The Lost Years", "", ChooseSuspect, []Effect{gain(1)}, []Effect{effect(OpHit, 0)}),
	}, raymondLight...), Dark: append([]Card{
		{Name: "Hangover", Dark: true, Cost: 1, Plot: "The Lost Years", Trigger: OnMove, Effects: []Effect{lose(1)}},
		{Name: "Bad Memories", Dark: true, Cost: 1, Plot: "Ghosts of the Past", Trigger: OnFollowUp, Effects: []Effect{darkShift(1), lose(1)}},
		fightCard("Loan Shark", true, 1, "", OnSeedy, ChooseNone, []Effect{lose(2)}, []Effect{effect(OpTrauma, 1)}),
		{Name: "Tailed", Dark: true, Cost: 0, Plot: "Ghosts of the Past", Trigger: OnAbility, Effects: []Effect{cond(BagGuilt, 1), lose(1)}},
		{Name: "Blackout", Dark: true, Cost: 2, Trigger: OnLightCard, Effects: []Effect{effect(OpDiscard, 2)}},
		{Name: "Crooked Contact", Dark: true, Cost: 1, Trigger: OnRitzy, Needs: []Need{{Kind: NeedTargetFavor, Favor: "street"}}, Effects: []Effect{loseFavor("street"), self(favor("street"))}},
	}, raymondDark...)},
}

// fullDecks are the cards issue 19 adds to a detective's first decks
// (deck_<slug>.go); their ids continue the first decks' numbering.
var fullDecks = []deckList{
	capriceMore,
	floydMore,
}

// decks are the decks in play: each first deck with the cards fullDecks
// add to it.
var decks = func() []deckList {
	var out []deckList
	for _, dl := range firstDecks {
		dl.Light, dl.Dark = slices.Clone(dl.Light), slices.Clone(dl.Dark)
		for _, more := range fullDecks {
			if more.Slug == dl.Slug {
				dl.Light = append(dl.Light, more.Light...)
				dl.Dark = append(dl.Dark, more.Dark...)
			}
		}
		out = append(out, dl)
	}
	return out
}()

// Cards holds every twilight card by id.
var Cards = func() map[string]*Card {
	m := map[string]*Card{}
	for _, dl := range decks {
		for i := range dl.Light {
			c := &dl.Light[i]
			c.ID = fmt.Sprintf("%s-l%02d", dl.Slug, i+1)
			m[c.ID] = c
		}
		for i := range dl.Dark {
			c := &dl.Dark[i]
			c.ID = fmt.Sprintf("%s-d%02d", dl.Slug, i+1)
			c.Dark = true
			m[c.ID] = c
		}
	}
	return m
}()

// deckIDs lists the ids of a detective's light (or dark) deck, in order.
func deckIDs(slug string, dark bool) []string {
	for _, dl := range decks {
		if dl.Slug != slug {
			continue
		}
		cs := dl.Light
		if dark {
			cs = dl.Dark
		}
		var out []string
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	return nil
}

// CardByID finds a card; an unknown id (a hidden card in a view) gives
// nil.
func CardByID(id string) *Card { return Cards[id] }

// HeroOp is an effect op that a detective's hero card brings into the
// vocabulary (issue 19): its text, what it does, and what the bot makes
// of it. Each hero file registers its ops in heroOps, so that the shared
// interpreter, texts and bot stay one switch with one extension point.
type HeroOp struct {
	// Text words the effect; you tells whether it falls on the card's
	// player, subj names whom it falls on, v picks the verb's person.
	Text func(e Effect, c *Card, you bool, subj string, v func(base, third string) string) string
	// Resolve carries the effect out on d, the detective it falls on.
	Resolve func(s *State, p *Play, d *Det, e Effect, res *engine.Result)
	// Worth is a rough worth of the effect to d, the one it falls on,
	// for Fights (effectsWorth); it may read d's hero card.
	Worth func(s *State, d *Det, e Effect) int
	// Want reports whether the bot wants a light card played for this
	// effect now; decided is false when the card's next effect decides.
	Want func(s *State, d *Det, e Effect) (want, decided bool)
}

// HeroNeed is a condition that a hero card brings in (HeroOp's kin).
type HeroNeed struct {
	Text func(c *Card, n Need) string
	// Cond is the condition for payer playing c on target.
	Cond func(s *State, c *Card, n Need, payer, target *Det) engine.Cond
}

// heroOps and heroNeeds are the registered hero ops and conditions, by
// name; they are filled by the hero files' variable declarations.
var (
	heroOps   = map[Op]HeroOp{}
	heroNeeds = map[NeedKind]HeroNeed{}
)
