package android

import (
	"fmt"
	"strings"

	"casefile/engine"
)

// newState deals a game: the setup steps of the rules in their order
// (AN-SETUP-*). murder is the murder sheet's index, or -1 to draw one at
// random. With choose the detectives are drafted (draft.go) and the steps
// that need them wait for the draft; the detectives are shuffled either
// way, so that the rest of a drafted game's deal is the one the same seed
// deals at random. The story's setup (the conspiracy piles, plots, event
// decks, NPCs) comes last, in setupStory.
func newState(players int, seed uint64, murder int, choose bool) *State {
	s := &State{NPlayers: players, Rng: *engine.NewRand(seed), Day: 1}
	var res engine.Result
	// AN-SETUP-01: one murder sheet, chosen or drawn.
	if murder < 0 {
		murder = s.Rng.Intn(len(Murders))
	}
	s.Murder = murder
	m := Murders[murder]
	res.Say("Murder sheet %d: the murder of %s.", murder+1, m.Victim)
	// AN-SETUP-02…05: scene of the crime, Lily and Jimmy for week one,
	// the day marker on day 1 of week 1.
	s.Scene = mustLoc(m.Scene)
	s.Lily = mustLoc(m.Lily[0])
	s.Jimmy = mustLoc(m.Jimmy[0])
	res.Say("Scene of the crime: %s. Lily Lockwell at %s, Jimmy the Snitch at %s.", Locations[s.Scene].Name, Locations[s.Lily].Name, Locations[s.Jimmy].Name)
	// AN-SETUP-06…08: players + 1 suspects from the top of the sheet.
	for i := 0; i <= players; i++ {
		s.Suspects = append(s.Suspects, SuspectSheet{Suspect: m.Order[i]})
	}
	// AN-SETUP-09…12: detectives dealt at random, each on its starting
	// location with its twilight marker on the centre.
	dets := make([]int, len(Detectives))
	for i := range dets {
		dets[i] = i
	}
	engine.ShuffleSlice(&s.Rng, dets)
	for seat := 0; seat < players; seat++ {
		det := dets[seat]
		if choose {
			det = NoDetective
		}
		s.Dets = append(s.Dets, Det{Seat: seat, Detective: det, At: -1, Heroes: HeroMarkers, Favors: map[string]int{}})
	}
	// AN-SETUP-13: a testimony lead per suspect in play (the detectives'
	// leads follow once the detectives are known).
	for i, sus := range s.Suspects {
		s.Leads = append(s.Leads, Lead{Kind: Testimony, Of: sus.Def().Slug, At: mustLoc(m.Testimony[i])})
	}
	// AN-SETUP-15: the evidence pile, shuffled face down.
	for id := range EvidencePool {
		s.EvidencePile = append(s.EvidencePile, id)
	}
	engine.ShuffleSlice(&s.Rng, s.EvidencePile)
	// AN-SETUP-16…24: the token piles.
	s.Supply = Supply{Favors: map[string]int{}, Haas: HaasTokens, Jinteki: JintekiTokens, Alibis: AlibiTokens,
		Hits: HitTokens, Trauma: TraumaCounters, Dropships: DropshipPasses}
	for _, f := range FavorTypes {
		s.Supply.Favors[f] = FavorsPerType
	}
	// AN-SETUP-27…29: hunch decks of the suspects in play, one innocent
	// and one guilty hunch dealt to each player in secret.
	for _, sus := range s.Suspects {
		s.InnocentDeck = append(s.InnocentDeck, sus.Def().Slug)
		s.GuiltyDeck = append(s.GuiltyDeck, sus.Def().Slug)
	}
	engine.ShuffleSlice(&s.Rng, s.InnocentDeck)
	engine.ShuffleSlice(&s.Rng, s.GuiltyDeck)
	for i := range s.Dets {
		s.Dets[i].Innocent, s.InnocentDeck = s.InnocentDeck[0], s.InnocentDeck[1:]
		s.Dets[i].Guilty, s.GuiltyDeck = s.GuiltyDeck[0], s.GuiltyDeck[1:]
	}
	if choose {
		res.Say("The detectives are drafted in seat order.")
		s.Opening = res.Public
		s.pushPick(0)
		return s
	}
	s.finishDeal(&res)
	s.Opening = res.Public
	return s
}

// finishDeal deals what needs the detectives: their figures and leads,
// plots, twilight decks and opening hands, and the first player.
func (s *State) finishDeal(res *engine.Result) {
	players := s.NPlayers
	// AN-SETUP-11/12: each figure on its starting location (twilight
	// markers start on the centre, 0); AN-SETUP-14: each detective's
	// physical and document leads.
	for i := range s.Dets {
		d := &s.Dets[i]
		def := d.Def()
		d.At = mustLoc(def.Start)
		s.Leads = append(s.Leads, Lead{Kind: Physical, Of: def.Slug, At: mustLoc(def.Physical)}, Lead{Kind: Document, Of: def.Slug, At: mustLoc(def.Document)})
	}
	// AN-SETUP-30…32: a random week-one plot from the start cards
	// (Raymond has two plots; Caprice's Descent into Madness is left out).
	for i := range s.Dets {
		s.Dets[i].Plot = s.drawPlot(&s.Dets[i], nil)
	}
	// AN-HERO-01…05: Caprice's and Floyd's hero setup (hero_*.go).
	s.setupCapriceFloyd()
	// AN-SETUP-33…36: light and dark decks shuffled; two light cards from
	// one's own deck and one dark card from the left neighbour's deck.
	for i := range s.Dets {
		d := &s.Dets[i]
		slug := d.Def().Slug
		d.Light.Down = deckIDs(slug, false)
		d.Dark.Down = deckIDs(slug, true)
		engine.ShuffleSlice(&s.Rng, d.Light.Down)
		engine.ShuffleSlice(&s.Rng, d.Dark.Down)
	}
	for i := range s.Dets {
		for n := 0; n < StartLight; n++ {
			s.drawLight(i)
		}
		for n := 0; n < StartDark; n++ {
			s.drawDark(i, s.left(i))
		}
	}
	// AN-SETUP-40/41: a first player, drawn by the seed, puts a hero
	// marker on the scene of the crime and takes the time sheet.
	s.First = s.Rng.Intn(players)
	s.SceneHero = s.First
	s.Dets[s.First].Heroes--
	s.dayOrder()
	var names []string
	for _, d := range s.Dets {
		names = append(names, fmt.Sprintf("%s plays %s (%s)", who(d.Seat), d.Def().Name, d.Plot))
	}
	res.Say("%s.", strings.Join(names, "; "))
	res.Say("Suspects: %s.", s.suspectNames())
	res.Say("%s is the first player and puts a hero marker on the scene of the crime.", who(s.First))
	// AN-SETUP-25/26, the plots' start cards and AN-SETUP-37…39, the
	// event decks (story.go, events.go), dealt last so
	// that the rest of the deal is drawn as before.
	s.setupStory(res)
	s.setupLouis(res)
	s.setupRachel(res)
	s.setupRaymond(res)
}

// drawPlot draws a random plot for d among its plots not yet used,
// leaving out the one the rules keep out of random draws (AN-SETUP-32).
func (s *State) drawPlot(d *Det, used []string) string {
	var pool []string
	for _, p := range d.Def().Plots {
		if p != d.Def().NoRandomPlot && !contains(used, p) {
			pool = append(pool, p)
		}
	}
	return engine.Pick(&s.Rng, pool)
}

// dayOrder sets the day's turn order: the first player, then clockwise.
func (s *State) dayOrder() {
	s.Order = s.Order[:0]
	for i := 0; i < s.NPlayers; i++ {
		s.Order = append(s.Order, (s.First+i)%s.NPlayers)
	}
	s.Cur = 0
}

func (s *State) suspectNames() string {
	var out []string
	for _, sus := range s.Suspects {
		out = append(out, sus.Def().Name)
	}
	return strings.Join(out, ", ")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// rotateHunches gives each seat the hunches dealt to the seat on its
// left, leaving everything else of the deal as it was.
func (s *State) rotateHunches() {
	first := s.Dets[0]
	for i := 0; i < s.NPlayers-1; i++ {
		s.Dets[i].Innocent, s.Dets[i].Guilty = s.Dets[i+1].Innocent, s.Dets[i+1].Guilty
	}
	last := &s.Dets[s.NPlayers-1]
	last.Innocent, last.Guilty = first.Innocent, first.Guilty
}
