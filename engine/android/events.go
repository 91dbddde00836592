package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// Events (AN-EVENT, AN-EVACT, AN-SETUP-37…39). The general event deck
// (18 cards [study]) is shuffled at setup; at the end of days 2, 4 and 5
// of each week one is drawn, resolved and put in the first of the track's
// two spaces, pushing the one there to the second and the one in the
// second off the track. At setup one of the murder's three specific
// events is picked face down; it is revealed and resolved at the start of
// week 2. Every card text is ours; the effects are the game's own
// (favors, shifts, trauma, conditional baggage, Lily and Jimmy, alibis,
// hits, leads) plus temporary location abilities that the first detective
// to use them spends (AN-EVACT-01/02).

// EventEffect is one effect of an event card.
type EventEffect struct {
	// Kind is one of the effect kinds below.
	Kind string
	// Favor is the favor type (EffFavorAll, a temporary favor ability).
	Favor string
	// Dark is the shift's way (EffShiftAll).
	Dark bool
	// Word is the conditional baggage word (EffBaggageAll).
	Word string
	// Where is a location slug (EffLily, EffJimmy, EffAbility).
	Where string
	// City limits EffTraumaAll to the detectives standing in that city.
	City City
	// Gain is what a temporary ability gives (EffAbility): a favor type,
	// "dropship" or "trauma back".
	Gain string
}

// The event effect kinds.
const (
	EffFavorAll    = "favor all"     // each detective gains a favor of the type, while the supply lasts
	EffShiftAll    = "shift all"     // each detective shifts one space
	EffTraumaAll   = "trauma all"    // each detective (in City, if set) takes a trauma counter
	EffBaggageAll  = "baggage all"   // each detective gains 1 conditional baggage Word (AN-CBAG)
	EffLily        = "lily"          // Lily Lockwell moves to Where
	EffJimmy       = "jimmy"         // Jimmy the Snitch moves to Where
	EffAlibi       = "alibi"         // an alibi on the suspect (specific) or the live suspect with fewest alibis
	EffHit         = "hit"           // a hit on the event's suspect
	EffAbility     = "ability"       // Where gains a temporary ability, spent by its first user
	EffHide        = "hide"          // the event's suspect hides: his testimony lead cannot be followed up
	EffNPCFavorAll = "npc favor all" // each detective gains a favor from his NPC (AN-NPC-04)
	EffNPCKill     = "npc kill"      // the first player's favor-granting NPC is eliminated (AN-NPC-01…03)
	EffNPCMeet     = "npc meet"      // the first player's NPC waits at Where: his detective meets him there (1 Time) for a favor
)

// Event is one event card: a general event, or a murder's specific event
// (Suspect and Leads set).
type Event struct {
	Slug    string
	Title   string
	Text    string
	Effects []EventEffect
	// Suspect is the specific event's suspect, by position in the murder
	// sheet's order (always in play: 0–3).
	Suspect int
	// Leads are the locations the testimony leads of the suspects in play
	// move to, in the murder sheet's order (AN-EVENT-11).
	Leads [6]string
}

// lasting reports whether an event's effect lasts on the track (a
// temporary ability or a hiding suspect) rather than ending once
// resolved.
func (e Event) lasting() bool {
	for _, f := range e.Effects {
		if f.Kind == EffAbility || f.Kind == EffHide || f.Kind == EffNPCMeet {
			return true
		}
	}
	return false
}

// GeneralEvents are the 18 general events [study count; ours].
var GeneralEvents = []Event{
	{Slug: "blackout", Title: "Blackout in Midtown", Text: "The grid fails for a night; New Angeles shows its teeth.", Effects: []EventEffect{{Kind: EffTraumaAll, City: NewAngeles}}},
	{Slug: "mine-riot", Title: "Riot in the Mines", Text: "Miners storm the refinery; nobody in Heinlein sleeps.", Effects: []EventEffect{{Kind: EffTraumaAll, City: Heinlein}}},
	{Slug: "juicy-info", Title: "Jimmy Has Something", Text: "Jimmy sends word from the Dust Bar: he has heard things.", Effects: []EventEffect{{Kind: EffJimmy, Where: "dust-bar"}}},
	{Slug: "old-friends", Title: "Old Friends Call", Text: "Each detective's closest contact offers a hand.", Effects: []EventEffect{{Kind: EffNPCFavorAll}}},
	{Slug: "hit-list", Title: "The Hit List", Text: "A killer crosses a name off a list: the first player's contact is found dead.", Effects: []EventEffect{{Kind: EffNPCKill}}},
	{Slug: "scoop", Title: "The Scoop", Text: "Lily Lockwell camps outside the Broadcast Tower.", Effects: []EventEffect{{Kind: EffLily, Where: "broadcast-tower"}}},
	{Slug: "gala", Title: "Charity Gala", Text: "The rich gather at Skyline Apartments; the first detective there makes a friend.", Effects: []EventEffect{{Kind: EffAbility, Where: "skyline-apartments", Gain: FavorSociety}}},
	{Slug: "strike", Title: "Refinery Strike", Text: "Strikers at the Ore Refinery owe a favor to whoever listens first.", Effects: []EventEffect{{Kind: EffAbility, Where: "ore-refinery", Gain: FavorStreet}}},
	{Slug: "meeting", Title: "A Quiet Word", Text: "The first player's contact waits at the Midtown Exchange with something to give.", Effects: []EventEffect{{Kind: EffNPCMeet, Where: "midtown-exchange"}}},
	{Slug: "dropship-sale", Title: "Spare Seat on the Dropship", Text: "A pilot at Starport Kaguya has one seat to give away.", Effects: []EventEffect{{Kind: EffAbility, Where: "starport-kaguya", Gain: "dropship"}}},
	{Slug: "night-clinic", Title: "Night Clinic", Text: "A volunteer counsellor sits up all night at the Eastside Clinic.", Effects: []EventEffect{{Kind: EffAbility, Where: "eastside-clinic", Gain: "trauma back"}}},
	{Slug: "rally", Title: "Election Rally", Text: "Speeches about service fill every channel.", Effects: []EventEffect{{Kind: EffBaggageAll, Word: BagDuty}}},
	{Slug: "festival", Title: "Lunar Festival", Text: "Lanterns over the Dome; everyone thinks of someone.", Effects: []EventEffect{{Kind: EffBaggageAll, Word: BagLove}}},
	{Slug: "crash", Title: "Market Crash", Text: "Fortunes vanish overnight; everyone counts what they have.", Effects: []EventEffect{{Kind: EffBaggageAll, Word: BagGreed}}},
	{Slug: "memorial", Title: "Memorial Service", Text: "The city mourns its dead, and its detectives remember theirs.", Effects: []EventEffect{{Kind: EffBaggageAll, Word: BagGuilt}}},
	{Slug: "sermon", Title: "Sermon of Light", Text: "The Order of Sol broadcasts a call to decency.", Effects: []EventEffect{{Kind: EffShiftAll}}},
	{Slug: "neon", Title: "Neon Nights", Text: "Everything is for sale after midnight.", Effects: []EventEffect{{Kind: EffShiftAll, Dark: true}}},
	{Slug: "protection", Title: "Witness Protection", Text: "A nervous witness comes forward for the least protected suspect.", Effects: []EventEffect{{Kind: EffAlibi}}},
}

// SpecificEvents are each murder's three specific events [ours], by
// murder sheet.
var SpecificEvents = [3][]Event{
	{
		{Slug: "sato-hideout", Title: "Gone to Ground", Text: "The first suspect on the sheet disappears into the Underground.", Suspect: 0,
			Leads:   [6]string{"the-underground", "skyline-apartments", "blue-sun-lounge", "sol-shrine", "eastside-mission", "dome-council"},
			Effects: []EventEffect{{Kind: EffHide}}},
		{Slug: "sato-contract", Title: "A Contract Out", Text: "Someone wants the second suspect silenced.", Suspect: 1,
			Leads:   [6]string{"harbor-lofts", "dust-bar", "chapel-of-the-machine", "westside-market", "lunar-casino", "city-hall"},
			Effects: []EventEffect{{Kind: EffHit}}},
		{Slug: "sato-alibi", Title: "A Friend Speaks Up", Text: "A colleague swears the third suspect was elsewhere.", Suspect: 2,
			Leads:   [6]string{"faculty-row", "dragon-alley", "dome-residences", "saint-marks", "ore-refinery", "plaza-arcade"},
			Effects: []EventEffect{{Kind: EffAlibi}, {Kind: EffBaggageAll, Word: BagDuty}}},
	},
	{
		{Slug: "pike-hideout", Title: "Safe House", Text: "The second suspect holes up under police protection.", Suspect: 1,
			Leads:   [6]string{"westside-market", "old-town-projects", "lunar-casino", "temple-of-the-root", "mercy-general", "dust-bar"},
			Effects: []EventEffect{{Kind: EffHide}}},
		{Slug: "pike-scandal", Title: "Council Scandal", Text: "The councilman's secrets reach the news; Lily is on it.", Suspect: 0,
			Leads:   [6]string{"broadcast-tower", "eastside-tenements", "skyway-shrine", "harbor-lofts", "westside-cathedral", "nightfall-cabaret"},
			Effects: []EventEffect{{Kind: EffLily, Where: "city-hall"}, {Kind: EffBaggageAll, Word: BagGreed}}},
		{Slug: "pike-threat", Title: "A Warning Shot", Text: "The third suspect is shot at in the street.", Suspect: 2,
			Leads:   [6]string{"dragon-alley", "miners-barracks", "faculty-row", "eastside-mission", "dome-residences", "chapel-of-the-machine"},
			Effects: []EventEffect{{Kind: EffHit}, {Kind: EffBaggageAll, Word: BagCourage}}},
	},
	{
		{Slug: "ishida-hideout", Title: "Lost in the Mines", Text: "The first suspect vanishes into the mine tunnels.", Suspect: 0,
			Leads:   [6]string{"miners-barracks", "plaza-arcade", "skyway-shrine", "blue-sun-lounge", "saint-marks", "harbor-lofts"},
			Effects: []EventEffect{{Kind: EffHide}}},
		{Slug: "ishida-union", Title: "The Union Closes Ranks", Text: "Miners swear the third suspect never left the shift.", Suspect: 2,
			Leads:   [6]string{"dust-bar", "old-town-projects", "ore-refinery", "city-hall", "starlight-crusade", "skyline-apartments"},
			Effects: []EventEffect{{Kind: EffAlibi}, {Kind: EffTraumaAll, City: Heinlein}}},
		{Slug: "ishida-accident", Title: "An Accident at the Refinery", Text: "The second suspect barely survives a fall.", Suspect: 1,
			Leads:   [6]string{"lunar-casino", "westside-cathedral", "sol-shrine", "eastside-tenements", "midway-habitat", "dragon-alley"},
			Effects: []EventEffect{{Kind: EffHit}, {Kind: EffBaggageAll, Word: BagGuilt}}},
	},
}

// EventSlot is an event on the track, or the revealed specific event:
// which card, and whether its effect has ended (the card face down,
// AN-EVENT-09).
type EventSlot struct {
	Event int  `json:"event"`
	Ended bool `json:"ended,omitempty"`
	// Specific marks the murder's specific event (Event indexes
	// SpecificEvents[murder]).
	Specific bool `json:"specific,omitempty"`
	// NPC is 1 + the seat whose favor-granting NPC the event put on the
	// map (his status marker, at At), 0 for none (AN-EVENT-06).
	NPC int `json:"npc,omitempty"`
	At  int `json:"at,omitempty"`
}

// Events is the events' state.
type Events struct {
	// Deck is the general event deck, top first (AN-SETUP-37).
	Deck []int `json:"deck" vis:"hidden,count"`
	// Track is the event track's two spaces, the first first; nil is an
	// empty space (AN-EVENT-04/05).
	Track [2]*EventSlot `json:"track"`
	// SpecificDown is the specific event picked at setup, face down
	// (AN-SETUP-38); Specific is it once revealed; Boxed the murder's
	// other specific events (AN-SETUP-39).
	SpecificDown []int      `json:"specific_down" vis:"hidden,count"`
	Specific     *EventSlot `json:"specific,omitempty"`
}

// def is the card of an event slot.
func (s *State) eventDef(e *EventSlot) Event {
	if e.Specific {
		return SpecificEvents[s.Murder][e.Event]
	}
	return GeneralEvents[e.Event]
}

// setupEvents shuffles the general event deck and picks the specific
// event face down (AN-SETUP-37…39).
func (s *State) setupEvents(res *engine.Result) {
	ev := &s.Story.Events
	for i := range GeneralEvents {
		ev.Deck = append(ev.Deck, i)
	}
	engine.ShuffleSlice(&s.Rng, ev.Deck)
	ev.SpecificDown = []int{s.Rng.Intn(len(SpecificEvents[s.Murder]))}
	res.Say("The general event deck is shuffled (%d cards); one of the murder's %d specific events is picked face down, the others go back to the box.", len(ev.Deck), len(SpecificEvents[s.Murder]))
}

// generalEvent draws and resolves a general event at the end of days 2, 4
// and 5 (AN-EVENT-01/04/05).
func (s *State) generalEvent(week, day int, res *engine.Result) {
	ev := &s.Story.Events
	if len(ev.Deck) == 0 {
		res.Say("The general event deck is empty: no event.")
		return
	}
	id := ev.Deck[0]
	ev.Deck = ev.Deck[1:]
	if old := ev.Track[1]; old != nil {
		res.Say("%s falls off the event track.", s.eventDef(old).Title)
	}
	slot := &EventSlot{Event: id}
	ev.Track[1], ev.Track[0] = ev.Track[0], slot
	e := GeneralEvents[id]
	res.Say("Event (end of week %d day %d): %s — %s", week, day, e.Title, e.Text)
	s.resolveEffects(slot, e, res)
	if !e.lasting() {
		slot.Ended = true
	}
}

// specificEvent reveals and resolves the specific event at the start of
// week 2 (AN-EVENT-03, AN-EVENT-11…14).
func (s *State) specificEvent(res *engine.Result) {
	ev := &s.Story.Events
	if len(ev.SpecificDown) == 0 {
		return
	}
	slot := &EventSlot{Event: ev.SpecificDown[0], Specific: true}
	ev.SpecificDown = nil
	ev.Specific = slot
	e := s.eventDef(slot)
	res.Say("The specific event is revealed: %s — %s", e.Title, e.Text)
	// AN-EVENT-11/12: the testimony leads of the suspects in play move to
	// the listed locations, swapping with any lead already there.
	for i, sus := range s.Suspects {
		li := s.testimonyLead(sus.Def().Slug)
		if li < 0 || s.Leads[li].At < 0 {
			continue
		}
		to := mustLoc(e.Leads[i])
		from := s.Leads[li].At
		if from == to {
			continue
		}
		if other := s.leadAt(to); other >= 0 {
			s.Leads[other].At = from
			res.Say("The %s lead swaps places with the %s lead: %s goes to %s.", s.Leads[li].Name(), s.Leads[other].Name(), s.Leads[other].Name(), Locations[from].Name)
		}
		s.Leads[li].At = to
		res.Say("The %s lead moves to %s.", s.Leads[li].Name(), Locations[to].Name)
	}
	// AN-EVENT-14: the event ends at once if its suspect is dead; AN-
	// EVENT-13: otherwise its other effects follow the leads.
	if s.Suspects[e.Suspect].Dead {
		slot.Ended = true
		res.Say("%s is dead: the event ends at once and goes back to the box.", s.Suspects[e.Suspect].Def().Name)
		return
	}
	s.resolveEffects(slot, e, res)
	if !e.lasting() || s.Suspects[e.Suspect].Dead {
		slot.Ended = true
	}
}

// testimonyLead is the index of suspect slug's testimony lead, or -1.
func (s *State) testimonyLead(slug string) int {
	for i, ld := range s.Leads {
		if ld.Kind == Testimony && ld.Of == slug {
			return i
		}
	}
	return -1
}

// resolveEffects applies an event's immediate effects in order.
func (s *State) resolveEffects(slot *EventSlot, e Event, res *engine.Result) {
	order := make([]int, 0, s.NPlayers)
	for k := 0; k < s.NPlayers; k++ {
		order = append(order, (s.First+k)%s.NPlayers)
	}
	for _, f := range e.Effects {
		switch f.Kind {
		case EffFavorAll:
			for _, i := range order {
				if s.Supply.Favors[f.Favor] > 0 {
					s.Supply.Favors[f.Favor]--
					s.Dets[i].Favors[f.Favor]++
					res.Say("%s gains a %s favor.", who(i), f.Favor)
				}
			}
		case EffShiftAll:
			for _, i := range order {
				s.Dets[i].Shift(f.Dark, 1)
			}
			res.Say("Every detective %s shifts one space (as far as the track allows).", map[bool]string{false: "light", true: "dark"}[f.Dark])
		case EffTraumaAll:
			for _, i := range order {
				if f.City != "" && rulerCity(s.Dets[i].At) != f.City {
					continue
				}
				s.giveTrauma(i, res)
			}
		case EffBaggageAll:
			for _, i := range order {
				s.gainConditional(i, f.Word, 1, res)
			}
		case EffLily:
			if to := mustLoc(f.Where); to != s.Jimmy {
				s.Lily = to
				res.Say("Lily Lockwell goes to %s.", Locations[to].Name)
			}
		case EffJimmy:
			if to := mustLoc(f.Where); to != s.Lily {
				s.Jimmy = to
				res.Say("Jimmy the Snitch goes to %s.", Locations[to].Name)
			}
		case EffAlibi:
			i := e.Suspect
			if !slot.Specific {
				i = s.leastAlibied()
			}
			if i >= 0 && !s.Suspects[i].Dead && s.Supply.Alibis > 0 {
				s.Supply.Alibis--
				s.Suspects[i].Alibis++
				res.Say("%s gets an alibi.", s.Suspects[i].Def().Name)
			}
		case EffHit:
			if !s.Suspects[e.Suspect].Dead && s.Supply.Hits > 0 {
				sus := &s.Suspects[e.Suspect]
				s.Supply.Hits--
				sus.Hits++
				res.Say("%s takes a hit (%d of %d).", sus.Def().Name, sus.Hits, HitsToKill)
				if sus.Hits >= HitsToKill {
					s.kill(e.Suspect, res)
				}
			}
		case EffAbility:
			res.Say("Until the event leaves the track, the first detective to use %s there (1 Time: event %s) gains %s.", Locations[mustLoc(f.Where)].Name, f.Where, gainText(f.Gain))
		case EffNPCFavorAll:
			for _, i := range order {
				s.gainNPCFavor(i, res)
			}
		case EffNPCKill:
			s.eliminateNPC(s.First, res)
		case EffNPCMeet:
			n := s.npcOf(s.First)
			if n == nil || n.Dead {
				res.Say("%s has no contact left to meet: the event has no effect.", who(s.First))
				slot.Ended = true
				continue
			}
			// AN-EVENT-07: an NPC redirected to a new event ends the old one.
			for _, old := range s.liveEvents() {
				if old != slot && old.NPC == s.First+1 {
					old.Ended = true
					res.Say("%s leaves %s for the new event.", n.Def().Name, s.eventDef(old).Title)
				}
			}
			slot.NPC, slot.At = s.First+1, mustLoc(f.Where)
			res.Say("%s's status marker goes to %s: %s may meet him there (1 Time: meet %s) for a favor.", n.Def().Name, Locations[slot.At].Name, who(s.First), npcSlug(n.Def().Name))
		case EffHide:
			sus := s.Suspects[e.Suspect].Def()
			res.Say("%s hides: his testimony lead cannot be followed up until a detective at it pays 2 Time to flush him out (flush out %s).", sus.Name, sus.Slug)
		}
	}
}

// giveTrauma gives seat a trauma counter from the supply, if one is left.
func (s *State) giveTrauma(seat int, res *engine.Result) {
	if s.Supply.Trauma == 0 {
		return
	}
	s.Supply.Trauma--
	s.Dets[seat].Trauma++
	res.Say("%s takes a trauma counter (%d).", who(seat), s.Dets[seat].Trauma)
}

// leastAlibied is the live suspect with the fewest alibis, the first in
// sheet order among equals, or -1.
func (s *State) leastAlibied() int {
	best := -1
	for i, sus := range s.Suspects {
		if !sus.Dead && (best < 0 || sus.Alibis < s.Suspects[best].Alibis) {
			best = i
		}
	}
	return best
}

func gainText(g string) string {
	switch g {
	case "dropship":
		return "a dropship pass"
	case "trauma back":
		return "the return of one trauma counter"
	}
	return "a " + g + " favor"
}

// liveEvents lists the slots whose effect lasts: the track's and the
// specific event, face up.
func (s *State) liveEvents() []*EventSlot {
	var out []*EventSlot
	ev := &s.Story.Events
	for _, sl := range []*EventSlot{ev.Track[0], ev.Track[1], ev.Specific} {
		if sl != nil && !s.eventEnded(sl) {
			out = append(out, sl)
		}
	}
	return out
}

// eventEnded reports whether an event's effect has ended: turned face down, a
// specific event whose suspect has been killed (AN-EVENT-14), or an event
// whose NPC has been eliminated (AN-EVENT-07).
func (s *State) eventEnded(sl *EventSlot) bool {
	if sl.NPC > 0 {
		if n := s.npcOf(sl.NPC - 1); n == nil || n.Dead {
			return true
		}
	}
	return sl.Ended || sl.Specific && s.Suspects[s.eventDef(sl).Suspect].Dead
}

// npcOnMap is where seat's NPC's status marker stands on the map for a
// live event, or -1: once the event ends he is back with his detective
// (AN-EVENT-06/10).
func (s *State) npcOnMap(seat int) int {
	for _, sl := range s.liveEvents() {
		if sl.NPC == seat+1 {
			return sl.At
		}
	}
	return -1
}

// npcSlug is an NPC's name in a move text.
func npcSlug(name string) string {
	f := strings.Fields(strings.ToLower(strings.NewReplacer(".", "", "'", "").Replace(name)))
	return strings.Join(f, "-")
}

// hiding reports whether lead li is the testimony lead of a suspect an
// event hides (AN-EVENT-16).
func (s *State) hiding(li int) bool {
	ld := s.Leads[li]
	if ld.Kind != Testimony {
		return false
	}
	for _, sl := range s.liveEvents() {
		e := s.eventDef(sl)
		if sl.Specific && hasEffect(e, EffHide) && s.Suspects[e.Suspect].Def().Slug == ld.Of {
			return true
		}
	}
	return false
}

func hasEffect(e Event, kind string) bool {
	for _, f := range e.Effects {
		if f.Kind == kind {
			return true
		}
	}
	return false
}

// eventMoves are the turn's event actions: a temporary ability where the
// detective stands (AN-EVACT-01/02), and flushing out a hiding suspect at
// his lead (AN-EVENT-15).
func (s *State) eventMoves(d *Det, ms *engine.Moves) {
	seat := d.Seat
	ms.RefuseFamily("event ", engine.Cond("No event gives an ability where you stand"))
	ms.RefuseFamily("flush out ", engine.Cond("No hiding suspect's lead is where you stand"))
	ms.RefuseFamily("meet ", engine.Cond("No event has put your contact on the map"))
	for _, sl := range s.liveEvents() {
		sl := sl
		e := s.eventDef(sl)
		for _, f := range e.Effects {
			f := f
			switch f.Kind {
			case EffAbility:
				at := mustLoc(f.Where)
				cond := engine.Require(d.At == at, "Go to %s to use the event there", Locations[at].Name).And(s.timeFor(1)).And(s.eventGainCond(seat, f.Gain))
				ms.Add("event "+f.Where, cond, func(res *engine.Result) {
					s.spend(1)
					s.eventGain(seat, f.Gain, res)
					// AN-EVACT-02: the first user spends the ability.
					sl.Ended = true
					res.Say("%s uses %s at %s (1 Time); the event's effect ends.", who(seat), e.Title, Locations[at].Name)
				})
			case EffNPCMeet:
				if sl.NPC != seat+1 {
					continue
				}
				n := s.npcOf(seat)
				cond := engine.Require(d.At == sl.At, "%s waits at %s", n.Def().Name, Locations[sl.At].Name).And(s.timeFor(1)).And(engine.Require(n.Pile > 0, "%s has no favor left to give", n.Def().Name))
				ms.Add("meet "+npcSlug(n.Def().Name), cond, func(res *engine.Result) {
					s.spend(1)
					s.gainNPCFavor(seat, res)
					sl.Ended = true
					res.Say("%s meets %s at %s (1 Time); the event ends and he goes home.", who(seat), n.Def().Name, Locations[sl.At].Name)
				})
			case EffHide:
				sus := s.Suspects[e.Suspect].Def()
				li := s.testimonyLead(sus.Slug)
				cond := engine.Require(li >= 0 && s.Leads[li].At == d.At, "%s's testimony lead is not where you stand", sus.Name).And(s.timeFor(2))
				ms.Add("flush out "+sus.Slug, cond, func(res *engine.Result) {
					s.spend(2)
					sl.Ended = true
					res.Say("%s flushes %s out of hiding (2 Time): the event ends, and his lead can be followed up again.", who(seat), sus.Name)
				})
			}
		}
	}
}

// eventGainCond is whether seat can take a temporary ability's gain.
func (s *State) eventGainCond(seat int, g string) engine.Cond {
	switch g {
	case "dropship":
		return engine.Require(s.Supply.Dropships > 0, "No dropship pass is left")
	case "trauma back":
		return engine.Require(s.Dets[seat].Trauma > 0, "You have no trauma counter to give back")
	}
	return engine.Require(s.Supply.Favors[g] > 0, "No %s favor is left", g)
}

// eventGain gives seat a temporary ability's gain.
func (s *State) eventGain(seat int, g string, res *engine.Result) {
	d := &s.Dets[seat]
	switch g {
	case "dropship":
		s.Supply.Dropships--
		d.Dropships++
	case "trauma back":
		d.Trauma--
		s.Supply.Trauma++
	default:
		s.Supply.Favors[g]--
		d.Favors[g]++
	}
	res.Say("%s gains %s.", who(seat), gainText(g))
}

// eventText is the event track for the view.
func (s *State) eventText() string {
	ev := &s.Story.Events
	var parts []string
	for i, sl := range ev.Track {
		if sl == nil {
			parts = append(parts, fmt.Sprintf("space %d empty", i+1))
			continue
		}
		state := "in effect"
		if sl.Ended {
			state = "face down"
		}
		parts = append(parts, fmt.Sprintf("space %d %s (%s)", i+1, s.eventDef(sl).Title, state))
	}
	line := fmt.Sprintf("Events: %s; %d in the deck.", strings.Join(parts, ", "), len(ev.Deck))
	if ev.Specific != nil {
		state := "in effect"
		if s.eventEnded(ev.Specific) {
			state = "ended"
		}
		line += fmt.Sprintf(" Specific event: %s (%s).", s.eventDef(ev.Specific).Title, state)
	}
	return line
}
