package main

import (
	"flag"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"strings"

	"casefile/engine"
	"casefile/render"
)

// maxSimMoves bounds a simulated game; a game that has not ended by then
// is reported as a bug in its rules, not played forever.
const maxSimMoves = 200000

// SimOptions configure one offline game.
type SimOptions struct {
	Game    string
	Players int
	Seed    uint64
	Options string
	Out     string
}

// SimResult summarizes a simulated game.
type SimResult struct {
	Moves  int
	Images []string
	Result *engine.Outcome
}

func runSim(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("casefile sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o SimOptions
	fs.StringVar(&o.Game, "game", "", "game id: "+strings.Join(Catalog().IDs(), ", "))
	fs.IntVar(&o.Players, "players", 0, "number of seats (default: the game's minimum)")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of every shuffle and roll")
	fs.StringVar(&o.Options, "options", "", "game options as key=value words, as in /newgame")
	fs.StringVar(&o.Out, "out", "sim-out", "folder for the images and transcript")
	if err := fs.Parse(args); err != nil {
		return err
	}
	res, err := Simulate(Catalog(), Renderers(), o)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d moves, %d images in %s\n", o.Game, res.Moves, len(res.Images), o.Out)
	if res.Result != nil {
		fmt.Fprintf(stdout, "Result: %s\n", engine.ExpandSeatRefs(res.Result.Summary, simName))
	}
	return nil
}

func simName(s engine.Seat) string { return fmt.Sprintf("Player %d", int(s)+1) }

// Simulate plays a whole game with random legal moves, writing the board
// after every phase (phase-NNN.png), each seat's final private board, and
// a transcript with every public line and, marked, every private note.
func Simulate(cat *engine.Catalog, renderers map[string]render.Renderer, o SimOptions) (*SimResult, error) {
	g, ok := cat.Get(o.Game)
	if !ok {
		return nil, fmt.Errorf("no game %q; games: %s", o.Game, strings.Join(cat.IDs(), ", "))
	}
	raw, err := engine.ParseOptions(o.Options)
	if err != nil {
		return nil, err
	}
	opts, err := g.CheckOptions(raw)
	if err != nil {
		return nil, err
	}
	people := o.Players
	if people == 0 {
		people = g.MinPlayers
	}
	seats, err := g.SeatCount(people, opts)
	if err != nil {
		return nil, err
	}
	gameOpts := map[string]string{}
	for _, opt := range g.Options {
		if v, ok := opts[opt.Key]; ok {
			gameOpts[opt.Key] = v
		}
	}
	st, err := g.New(engine.Setup{Players: seats, Seed: o.Seed, Options: gameOpts})
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	var transcript strings.Builder
	fmt.Fprintf(&transcript, "%s — %d seats, seed %d, options %q\n\n", g.Name, seats, o.Seed, o.Options)
	res := &SimResult{}
	rd := renderers[g.ID]
	draw := func(name string, v engine.View, f func(engine.View) (image.Image, error)) error {
		if f == nil {
			return nil
		}
		img, err := f(v)
		if err != nil {
			return err
		}
		data, err := render.PNG(img)
		if err != nil {
			return err
		}
		path := filepath.Join(o.Out, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
		res.Images = append(res.Images, path)
		return nil
	}
	phase := 0
	if err := draw(fmt.Sprintf("phase-%03d.png", phase), st.View(engine.Public), rd.Board); err != nil {
		return nil, err
	}
	r := engine.NewRand(o.Seed ^ 0x5eed)
	for st.Outcome() == nil {
		if res.Moves >= maxSimMoves {
			return nil, fmt.Errorf("%s did not end after %d random moves", g.Name, maxSimMoves)
		}
		seat, move, ok := engine.RandomMove(st, r)
		if !ok {
			return nil, fmt.Errorf("%s: nobody may act but the game is not over (turn %+v)", g.Name, st.Turn())
		}
		out, err := st.Apply(seat, move)
		if err != nil {
			return nil, fmt.Errorf("legal move %q of seat %d rejected: %w", move, seat, err)
		}
		res.Moves++
		text := move
		if out.Secret {
			text += " (secret)"
		}
		fmt.Fprintf(&transcript, "%d. %s: %s\n", res.Moves, simName(seat), text)
		for _, l := range out.Public {
			fmt.Fprintf(&transcript, "   %s\n", engine.ExpandSeatRefs(l, simName))
		}
		for s := engine.Seat(0); int(s) < seats; s++ {
			for _, n := range out.Private[s] {
				fmt.Fprintf(&transcript, "   [private to %s] %s\n", simName(s), engine.ExpandSeatRefs(n, simName))
			}
		}
		if out.PhaseEnded {
			phase++
			fmt.Fprintf(&transcript, "   — phase %d ends: phase-%03d.png\n", phase, phase)
			if err := draw(fmt.Sprintf("phase-%03d.png", phase), st.View(engine.Public), rd.Board); err != nil {
				return nil, err
			}
		}
	}
	res.Result = st.Outcome()
	fmt.Fprintf(&transcript, "\nGame over: %s\n", engine.ExpandSeatRefs(res.Result.Summary, simName))
	for s := engine.Seat(0); int(s) < seats; s++ {
		if err := draw(fmt.Sprintf("final-seat%d.png", int(s)+1), st.View(s), rd.Private); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(o.Out, "transcript.txt"), []byte(transcript.String()), 0o644); err != nil {
		return nil, err
	}
	return res, nil
}
