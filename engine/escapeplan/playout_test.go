package escapeplan

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"casefile/engine"
)

// randomGame plays one seeded random game the way `casefile sim` does and
// returns the final state and the move log (seat, move).
type logged struct {
	seat engine.Seat
	move string
}

func playRandom(t testing.TB, n int, seed uint64, check func(s *State, res engine.Result)) (*State, []logged) {
	st, err := Game().New(engine.Setup{Players: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := engine.NewRand(seed*7919 + 17)
	var log []logged
	for i := 0; ; i++ {
		if i > 5000 {
			t.Fatalf("players=%d seed=%d: game did not finish in 5000 moves", n, seed)
		}
		tu := s.Turn()
		if len(tu.Seats) == 0 {
			break
		}
		seat := tu.Seats[0]
		legal := s.Legal(seat)
		if len(legal) == 0 {
			t.Fatalf("players=%d seed=%d: seat %d in Turn has no legal move (%s)", n, seed, seat, tu.Prompt)
		}
		if s.Moves%16 == 0 {
			seen := map[string]bool{}
			for _, m := range legal {
				if seen[m] || m != engine.NormalizeMove(m) {
					t.Fatalf("players=%d seed=%d: move %q listed twice or not canonical", n, seed, m)
				}
				seen[m] = true
			}
		}
		m := legal[r.Intn(len(legal))]
		res, err := s.Apply(seat, m)
		if err != nil {
			t.Fatalf("players=%d seed=%d: legal move %q rejected: %v", n, seed, m, err)
		}
		log = append(log, logged{seat, m})
		if check != nil {
			check(s, res)
		}
	}
	if !s.Over || s.Outcome() == nil {
		t.Fatalf("players=%d seed=%d: no outcome", n, seed)
	}
	return s, log
}

// conserve checks that no component was created or lost.
func conserve(s *State) error {
	// Police Officers: 10 of each colour.
	for c := range OfficerColours {
		n := s.Bag[c] + s.Removed[c]
		for _, t := range s.Tiles {
			if t.Officers[c] {
				n++
			}
		}
		if n != OfficersPerColour {
			return fmt.Errorf("%s officers: %d", OfficerColours[c], n)
		}
	}
	if s.Tiles[hospital].Officers != [3]bool{} {
		return fmt.Errorf("officer on the Hospital (EP-HOSP-03)")
	}
	// City tiles: each exactly once.
	seenTile := map[int]int{}
	for _, st := range s.Stacks {
		for _, t := range st.Tiles {
			seenTile[t]++
		}
	}
	for _, t := range s.FaceUp {
		if t >= 0 {
			seenTile[t]++
		}
	}
	for slot, t := range s.Grid {
		if t >= 0 {
			seenTile[t]++
			if s.Tiles[t].Slot != slot || s.Tiles[t].Where != "city" {
				return fmt.Errorf("tile %d grid mismatch", t)
			}
		}
	}
	if len(seenTile) != len(CityTiles) {
		return fmt.Errorf("city tiles: %d distinct", len(seenTile))
	}
	for t, k := range seenTile {
		if k != 1 {
			return fmt.Errorf("city tile %d seen %d times", t, k)
		}
	}
	// Keys, Fixers, Equipment, Lockers, Exit tiles, Contacts.
	keys := len(s.KeyBox)
	for _, h := range s.SafeHouses {
		keys += len(h.Keys)
	}
	fixers := len(s.Fixers) + len(s.FixerBox)
	equip := len(s.EquipBox)
	for _, e := range s.Equipment {
		equip += e
	}
	lockers := len(s.LockerBox)
	for _, l := range s.Lockers {
		lockers += len(l.Tiles)
	}
	exits := len(s.ExitBox)
	for _, e := range s.ExitStacks {
		exits += len(e.Tiles)
	}
	contacts := len(s.ContactDeck) + len(s.ContactsBox)
	for _, c := range s.Display {
		if c >= 0 {
			contacts++
		}
	}
	gang := s.GangSupply
	for _, l := range s.Locs {
		gang += l.GangMembers
	}
	gas, discs, cuffs, money := s.Gas, s.Discs, s.Handcuffs, s.Bank
	assets := len(s.AssetBox)
	for _, t := range tasks(s) {
		for range t.Drawn {
			if t.Colour == "locker" {
				lockers++
			} else {
				exits++
			}
		}
		if t.Kind == "contact" && t.Card >= 0 {
			contacts++
		}
		if t.Kind == "space" {
			switch t.Colour {
			case "locker":
				lockers++
			case "exit":
				exits++
			case "fixer":
				fixers++
			case "equipment":
				equip++
			}
		}
	}
	for i := range s.Players {
		p := &s.Players[i]
		keys += len(p.Keys)
		for _, it := range p.Items {
			switch it.Kind {
			case "fixer":
				fixers++
			case "equipment":
				equip++
			case "locker":
				lockers++
			case "exit":
				exits++
			}
		}
		cuffed := 0
		for _, c := range p.Contacts {
			if c.Card >= 0 {
				contacts++
			}
			if c.Cuffed {
				cuffed++
				if c.Card >= 0 {
					return fmt.Errorf("card on a handcuffed space")
				}
			}
		}
		if cuffed != p.Handcuffs {
			return fmt.Errorf("seat %d handcuffs %d vs spaces %d", i, p.Handcuffs, cuffed)
		}
		gang += len(p.Gang)
		markers := p.Markers
		for _, l := range s.Locs {
			if l.Control == i {
				markers++
			}
		}
		if markers != 2 {
			return fmt.Errorf("seat %d gang control markers %d", i, markers)
		}
		gas += p.Gas
		if p.Gas > MaxGas {
			return fmt.Errorf("seat %d holds %d gas", i, p.Gas)
		}
		discs += p.Discs
		cuffs += p.Handcuffs
		money += p.Money
		if p.Money < 0 {
			return fmt.Errorf("seat %d money %d", i, p.Money)
		}
		assets += len(p.TopRow) + len(p.BottomRow)
		for _, a := range p.Assets {
			if a.Asset != "" {
				assets++
			}
		}
		cubes := p.IncomeCubes
		for _, b := range s.Businesses {
			for _, c := range b.Cubes {
				if c.Actor == i {
					cubes++
				}
			}
		}
		for _, h := range s.SafeHouses {
			for _, c := range h.Cubes {
				if c.Actor == i {
					cubes++
				}
			}
		}
		if cubes != IncomeCubes {
			return fmt.Errorf("seat %d income cubes %d", i, cubes)
		}
		if p.Red+p.Blue > NotorietyCubes || p.Red < 0 || p.Blue < 0 {
			return fmt.Errorf("seat %d notoriety cubes %d/%d", i, p.Red, p.Blue)
		}
		if p.Wounds < 0 || p.Wounds > 3 {
			return fmt.Errorf("seat %d wounds %d", i, p.Wounds)
		}
		if p.Notoriety < 0 || p.Notoriety > NotorietyTop {
			return fmt.Errorf("seat %d notoriety %d", i, p.Notoriety)
		}
		if len(p.Items) > ItemSpaces {
			return fmt.Errorf("seat %d holds %d tiles", i, len(p.Items))
		}
	}
	if sd := s.Sandra; sd != nil {
		discs += sd.Discs
		if len(sd.Deck)+len(sd.Done) != len(InspectorDeck) {
			return fmt.Errorf("inspector cards %d", len(sd.Deck)+len(sd.Done))
		}
		cubes := sd.Cubes
		for _, b := range s.Businesses {
			for _, c := range b.Cubes {
				if c.Actor == SandraActor {
					cubes++
				}
			}
		}
		for _, h := range s.SafeHouses {
			for _, c := range h.Cubes {
				if c.Actor == SandraActor {
					cubes++
				}
			}
		}
		if cubes != IncomeCubes {
			return fmt.Errorf("sandra cubes %d", cubes)
		}
	}
	patrol := len(s.PatrolDeck) + 1
	for _, p := range s.PatrolSpaces {
		patrol += p
	}
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"keys", keys, 9}, {"fixers", fixers, FixersInPlay}, {"equipment", equip, 16},
		{"lockers", lockers, 15}, {"exit tiles", exits, 10}, {"contacts", contacts, len(ContactDeck)},
		{"gang members", gang, GangMembers}, {"gas", gas, GasCans}, {"discs", discs, ExtraActionDiscs},
		{"handcuffs", cuffs, HandcuffCards}, {"money", money, BankMoney},
		{"assets", assets, 7 * s.NPlayers}, {"patrol", patrol, PatrolCards},
	} {
		if c.got != c.want {
			return fmt.Errorf("%s: %d, want %d", c.name, c.got, c.want)
		}
	}
	if len(ContactDeck) != 32 || len(InspectorDeck) != 15 || len(EscapePlans) != 9 || len(CityTiles) != 16 {
		return fmt.Errorf("published counts changed")
	}
	return nil
}

// secretUniverse lists every string that must never reach the public:
// Escape Plan titles and the contents of Locker and Exit tiles.
func secretUniverse() []string {
	var out []string
	for _, p := range EscapePlans {
		out = append(out, p.Title)
	}
	for _, ts := range LockerTiles {
		for _, t := range ts {
			out = append(out, t.Name)
		}
	}
	for _, ts := range ExitTiles {
		for _, t := range ts {
			out = append(out, t.Name)
		}
	}
	return out
}

// meaningfulHidden keeps the hidden values that can be searched for in
// text: names, not bare numbers (numbers such as $5 are public elsewhere).
func meaningfulHidden(s *State) []string {
	var out []string
	for path, v := range engine.HiddenFrom(s, engine.Public) {
		if len(v) < 4 || strings.Trim(v, "0123456789-") == "" {
			continue
		}
		_ = path
		out = append(out, v)
	}
	return out
}

const gamesPerCount = 2000

// TestRandomPlayouts plays 2,000 seeded random games per player count:
// every game finishes, never panics, conserves every component after every
// move, replays from seed and log to identical bytes, survives a snapshot
// round trip, and leaks no secret into public text or the log.
func TestRandomPlayouts(t *testing.T) {
	games := gamesPerCount
	if testing.Short() {
		games = 100
	}
	secrets := secretUniverse()
	for n := 1; n <= 5; n++ {
		n := n
		t.Run(fmt.Sprintf("players=%d", n), func(t *testing.T) {
			t.Parallel()
			for seed := uint64(1); seed <= uint64(games); seed++ {
				deep := seed <= 100 // full view checks on the first games
				var public []string
				s, log := playRandom(t, n, seed, func(s *State, res engine.Result) {
					if err := conserve(s); err != nil {
						t.Fatalf("players=%d seed=%d move %d: %v", n, seed, s.Moves, err)
					}
					// Public lines are shown even for Secret moves.
					public = append(public, res.Public...)
					if deep && res.PhaseEnded() && !s.Over {
						checkPublicView(t, s, n, seed)
					}
				})
				for _, line := range public {
					for _, sec := range secrets {
						if strings.Contains(line, sec) {
							t.Fatalf("players=%d seed=%d: secret %q in public log line %q", n, seed, sec, line)
						}
					}
				}
				// Replay from seed and move log: identical bytes.
				st, _ := Game().New(engine.Setup{Players: n, Seed: seed})
				half := len(log) / 2
				for i, l := range log {
					if i == half {
						// Snapshot round trip mid-game.
						data, _ := st.Marshal()
						st2, err := Game().Load(data)
						if err != nil {
							t.Fatal(err)
						}
						data2, _ := st2.Marshal()
						if !bytes.Equal(data, data2) {
							t.Fatalf("players=%d seed=%d: Load/Marshal changed the state", n, seed)
						}
						st = st2
					}
					if _, err := st.Apply(l.seat, l.move); err != nil {
						t.Fatalf("players=%d seed=%d replay move %d %q: %v", n, seed, i, l.move, err)
					}
				}
				a, _ := s.Marshal()
				b, _ := st.Marshal()
				if !bytes.Equal(a, b) {
					t.Fatalf("players=%d seed=%d: replay differs", n, seed)
				}
			}
		})
	}
}

// checkPublicView: nothing HiddenFrom the public appears in the public
// view's text, and the redacted view holds no money, plan or tile secret.
func checkPublicView(t *testing.T, s *State, n int, seed uint64) {
	t.Helper()
	v := s.View(engine.Public).(*View)
	text := v.Text()
	for _, h := range meaningfulHidden(s) {
		if strings.Contains(text, h) {
			t.Fatalf("players=%d seed=%d: hidden %q in public text", n, seed, h)
		}
	}
	for _, sec := range secretUniverse() {
		if strings.Contains(text, sec) {
			t.Fatalf("players=%d seed=%d: secret %q in public text", n, seed, sec)
		}
	}
	// A seat's own view shows its secrets and nobody else's.
	sv := s.View(0).(*View)
	if sv.State.Players[0].Plan != s.Players[0].Plan || !strings.Contains(sv.Text(), s.Players[0].Plan) {
		t.Fatalf("players=%d seed=%d: seat view lacks its own plan", n, seed)
	}
	for i := 1; i < n; i++ {
		if sv.State.Players[i].Plan != "" || sv.State.Players[i].Money != 0 || strings.Contains(sv.Text(), s.Players[i].Plan) {
			t.Fatalf("players=%d seed=%d: seat 0 sees seat %d's secrets", n, seed, i)
		}
	}
	for _, p := range v.State.Players {
		if p.Money != 0 || p.Plan != "" {
			t.Fatalf("players=%d seed=%d: money or plan in the public view", n, seed)
		}
		for _, it := range p.Items {
			if it.Secret != nil {
				t.Fatalf("players=%d seed=%d: tile contents in the public view", n, seed)
			}
		}
	}
	for _, tk := range tasks(v.State) {
		if len(tk.Drawn) > 0 && tk.Drawn[0].Name != "" {
			t.Fatalf("drawn tiles in the public view")
		}
	}
	if len(v.State.ContactDeck) > 0 && v.State.ContactDeck[0] != 0 {
		t.Fatalf("deck order in the public view")
	}
}

// TestFixedStrategies: players who always pick the first or the last legal
// move also finish (no loop depends on chance).
func TestFixedStrategies(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 30; seed++ {
			for _, last := range []bool{false, true} {
				s := newS(t, n, seed)
				for i := 0; ; i++ {
					if i > 5000 {
						t.Fatalf("players=%d seed=%d last=%v: no end", n, seed, last)
					}
					tu := s.Turn()
					if len(tu.Seats) == 0 {
						break
					}
					l := s.Legal(tu.Seats[0])
					m := l[0]
					if last {
						m = l[len(l)-1]
					}
					if _, err := s.Apply(tu.Seats[0], m); err != nil {
						t.Fatal(err)
					}
				}
				if err := conserve(s); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkRandomGame5 plays one complete random 5-player game.
func BenchmarkRandomGame5(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playRandom(b, 5, uint64(i), nil)
	}
}

// TestTextReadsAsEnglish: over random games, no public line, private note
// or prompt reads like a form ("2 officer(s)"), and no prompt offers to
// keep moving with 0 MP left.
func TestTextReadsAsEnglish(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 5
	}
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			playRandom(t, n, seed, func(s *State, res engine.Result) {
				lines := append([]string{s.Turn().Prompt}, res.Public...)
				for _, notes := range res.Private {
					lines = append(lines, notes...)
				}
				for _, l := range lines {
					if strings.Contains(l, "(s)") || strings.Contains(l, "keep moving (0 MP") {
						t.Fatalf("players=%d seed=%d move %d: %q", n, seed, s.Moves, l)
					}
				}
			})
		}
	}
}
