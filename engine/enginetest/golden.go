package enginetest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"casefile/engine"
)

// GoldenCase is one seeded game recorded as a golden replay: the setup, and
// the seed of the move chooser that picks every move.
type GoldenCase struct {
	// Name is the file name under the golden directory, without ".golden".
	Name     string
	Setup    engine.Setup
	MoveSeed uint64
	// MaxMoves bounds the game; the transcript records where it stopped.
	MaxMoves int
}

// Chooser picks the next move of a recorded game from the state's own
// answers (Turn and Legal), so the game is reproduced by its seed alone.
// ok is false when nobody may act.
type Chooser func(s engine.State, r *engine.Rand) (seat engine.Seat, move string, ok bool)

// Transcript plays c with choose and writes everything a player or the
// platform could observe after every move: the move, its public lines, the
// private notes by seat, the secret and reveal flags, the turn (kind,
// seats, phase, prompt, timeout move), a digest of each acting seat's legal
// moves and of every view's text, and finally the outcome. Two versions of
// a game's code that give the same transcript behave the same to every
// observer.
func Transcript(g *engine.Game, c GoldenCase, choose Chooser) ([]byte, error) {
	st, err := g.New(c.Setup)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "game %s players %d seed %d options %s moveseed %d\n", g.ID, c.Setup.Players, c.Setup.Seed, optionText(c.Setup.Options), c.MoveSeed)
	writeObservation(&b, st, c.Setup.Players)
	r := engine.NewRand(c.MoveSeed)
	for step := 0; st.Outcome() == nil; step++ {
		if step >= c.MaxMoves {
			fmt.Fprintf(&b, "stopped after %d moves\n", step)
			return b.Bytes(), nil
		}
		seat, move, ok := choose(st, r)
		if !ok {
			return b.Bytes(), fmt.Errorf("move %d: nobody may act but the game is not over", step)
		}
		res, err := st.Apply(seat, move)
		if err != nil {
			return b.Bytes(), fmt.Errorf("move %d: seat %d %q: %w", step, seat, move, err)
		}
		fmt.Fprintf(&b, "\n#%d seat %d: %s\n", step+1, seat, move)
		if res.Secret {
			b.WriteString("secret\n")
		}
		if res.Reveals {
			b.WriteString("reveals\n")
		}
		if res.PhaseEnded() {
			b.WriteString("phase ended\n")
		}
		for _, l := range res.Public {
			fmt.Fprintf(&b, "pub: %s\n", l)
		}
		seats := make([]int, 0, len(res.Private))
		for s := range res.Private {
			seats = append(seats, int(s))
		}
		sort.Ints(seats)
		for _, s := range seats {
			for _, n := range res.Private[engine.Seat(s)] {
				fmt.Fprintf(&b, "priv %d: %s\n", s, n)
			}
		}
		writeObservation(&b, st, c.Setup.Players)
	}
	o := st.Outcome()
	fmt.Fprintf(&b, "\noutcome: %s\nwinners: %v\n", o.Summary, o.Winners)
	keys := make([]int, 0, len(o.Scores))
	for s := range o.Scores {
		keys = append(keys, int(s))
	}
	sort.Ints(keys)
	for _, s := range keys {
		fmt.Fprintf(&b, "score %d: %d\n", s, o.Scores[engine.Seat(s)])
	}
	return b.Bytes(), nil
}

// writeObservation records the turn, the acting seats' legal moves and the
// views' texts as digests (their full text would make the files huge; a
// difference still shows as a changed line at the move where it arose).
func writeObservation(b *bytes.Buffer, st engine.State, players int) {
	t := st.Turn()
	fmt.Fprintf(b, "turn %s %v %q %q", t.Kind, t.Seats, t.Phase, t.Prompt)
	if t.OnTimeout != "" {
		fmt.Fprintf(b, " timeout %q", t.OnTimeout)
	}
	if t.Window != 0 {
		fmt.Fprintf(b, " window %s", t.Window)
	}
	b.WriteString("\n")
	for _, s := range t.Seats {
		legal := st.Legal(s)
		fmt.Fprintf(b, "legal %d: %d %s\n", s, len(legal), digest(strings.Join(legal, "\n")))
	}
	fmt.Fprintf(b, "view public %s", digest(st.View(engine.Public).Text()))
	for s := 0; s < players; s++ {
		fmt.Fprintf(b, " %d %s", s, digest(st.View(engine.Seat(s)).Text()))
	}
	b.WriteString("\n")
}

func digest(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:6])
}

func optionText(o map[string]string) string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, k+"="+o[k])
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ",")
}

// CheckGolden compares each case's transcript with dir/<name>.golden, or
// writes it when update is set. It returns one message per case that
// differs, naming the first line that differs.
func CheckGolden(g *engine.Game, dir string, cases []GoldenCase, choose Chooser, update bool) []string {
	var problems []string
	for _, c := range cases {
		got, err := Transcript(g, c, choose)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", c.Name, err))
			continue
		}
		path := filepath.Join(dir, c.Name+".golden")
		if update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				problems = append(problems, err.Error())
				continue
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				problems = append(problems, err.Error())
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v (run the test with -update-golden to record it)", c.Name, err))
			continue
		}
		if !bytes.Equal(got, want) {
			problems = append(problems, fmt.Sprintf("%s: %s", c.Name, firstDifference(want, got)))
		}
	}
	return problems
}

func firstDifference(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			// The move heading above the line says where the games parted.
			head := ""
			for j := i; j >= 0 && j < len(wl); j-- {
				if strings.HasPrefix(wl[j], "#") {
					head = wl[j]
					break
				}
			}
			return fmt.Sprintf("line %d (after %s):\n  want %q\n  got  %q", i+1, head, w, g)
		}
	}
	return "equal"
}
