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
	// Random plays uniformly random legal moves instead of the game's
	// bot in every seat.
	Random bool
}

// SimResult summarizes a simulated game.
type SimResult struct {
	// People is how many people the game was dealt for, Seats how many
	// seats (characters) they run: a heist for one person has three.
	People, Seats int
	Moves         int
	Images        []string
	Result        *engine.Outcome
	// Removed counts a previous sim's files removed from the folder.
	Removed int
	// Players says who played the seats: "bots" or "random moves".
	Players string
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func runSim(args []string, stdout, stderr io.Writer) error {
	cmd := newSubcommand("casefile sim", "casefile sim --game G [--players N] [--seed S] [--options TEXT] [--random] [--out DIR]",
		"plays a whole game offline, the game's bot in every seat (random legal moves with --random), writing a board per phase and a transcript", stdout, stderr)
	fs := cmd.fs
	var o SimOptions
	fs.StringVar(&o.Game, "game", "", "game id: "+strings.Join(Catalog().IDs(), ", "))
	fs.IntVar(&o.Players, "players", 0, "number of seats (default: the game's minimum)")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of every shuffle and roll")
	fs.StringVar(&o.Options, "options", "", "game options as key=value words, as in /newgame")
	fs.BoolVar(&o.Random, "random", false, "play uniformly random legal moves instead of the game's bot in every seat")
	fs.StringVar(&o.Out, "out", "sim-out", "folder for the images and transcript; a previous sim's phase-*.png, final-seat*.png and transcript.txt there are replaced, other files are left alone")
	if err := cmd.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return cmd.fail("unexpected argument %q", fs.Arg(0))
	}
	if err := checkEntries(registry); err != nil {
		return err
	}
	cat, rend := build(registry)
	playersSet := false
	fs.Visit(func(f *flag.Flag) { playersSet = playersSet || f.Name == "players" })
	if g, ok := cat.Get(o.Game); ok && playersSet && (o.Players < g.MinPlayers || o.Players > g.MaxPlayers) {
		fmt.Fprintf(stderr, "casefile sim: --players %d: %s is for %s\n", o.Players, g.Name, g.Players())
		return errUsage
	}
	res, err := Simulate(cat, rend, o)
	if err != nil {
		return err
	}
	if res.Removed > 0 {
		fmt.Fprintf(stdout, "removed %d files of a previous sim from %s\n", res.Removed, o.Out)
	}
	if res.Seats > res.People {
		fmt.Fprintf(stdout, "%s %d characters: %s play every seat (Player 1 to Player %d)\n",
			engine.Plural(res.People, "person runs", "people run"), res.Seats, res.Players, res.Seats)
	} else {
		fmt.Fprintf(stdout, "%s play every seat\n", upperFirst(res.Players))
	}
	fmt.Fprintf(stdout, "%s: %d moves, %d images in %s\n", o.Game, res.Moves, len(res.Images), o.Out)
	if res.Result != nil {
		fmt.Fprintf(stdout, "Result: %s\n", engine.ExpandSeatRefs(res.Result.Summary, simName))
	}
	return nil
}

func simName(s engine.Seat) string { return fmt.Sprintf("Player %d", int(s)+1) }

// Simulate plays a whole game, the game's bot in every seat (random legal
// moves with o.Random or for a game without a bot), writing the board
// after every phase (phase-NNN.png), each seat's final private board, and
// a transcript with every public line and, marked, every private note.
func Simulate(cat *engine.Catalog, renderers map[string]render.Renderer, o SimOptions) (*SimResult, error) {
	g, ok := cat.Get(o.Game)
	if !ok {
		return nil, fmt.Errorf("no game %q; games: %s", o.Game, strings.Join(cat.IDs(), ", "))
	}
	st, people, seats, err := simSetup(g, o)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, err
	}
	removed, err := removePreviousSim(o.Out)
	if err != nil {
		return nil, err
	}
	players := "bots"
	if o.Random || g.Bot == nil {
		players = "random moves"
	}
	sim := &simulation{o: o, rd: renderers[g.ID], res: &SimResult{People: people, Seats: seats, Removed: removed, Players: players}}
	fmt.Fprintf(&sim.transcript, "%s — %d seats, seed %d, options %q; %s play every seat\n", g.Name, seats, o.Seed, o.Options, players)
	if seats > people {
		fmt.Fprintf(&sim.transcript, "%s for %d characters: one person runs several.\n",
			engine.Plural(people, "person", "people"), seats)
	}
	fmt.Fprintln(&sim.transcript)
	if err := sim.draw(fmt.Sprintf("phase-%03d.png", 0), st.View(engine.Public), sim.rd.Board); err != nil {
		return nil, err
	}
	if err := sim.play(g, st, seats); err != nil {
		return nil, err
	}
	res := sim.res
	res.Result = st.Outcome()
	fmt.Fprintf(&sim.transcript, "\nGame over: %s\n", engine.ExpandSeatRefs(res.Result.Summary, simName))
	for s := engine.Seat(0); int(s) < seats; s++ {
		if err := sim.draw(fmt.Sprintf("final-seat%d.png", int(s)+1), st.View(s), sim.rd.Private); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(o.Out, "transcript.txt"), []byte(sim.transcript.String()), 0o644); err != nil {
		return nil, err
	}
	return res, nil
}

// removePreviousSim removes what an earlier sim wrote to dir (its boards,
// final seat boards and transcript), so a reused folder holds one game;
// any other file is left alone.
func removePreviousSim(dir string) (int, error) {
	n := 0
	for _, pattern := range []string{"phase-*.png", "final-seat*.png", "transcript.txt"} {
		old, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			return n, err
		}
		for _, f := range old {
			if err := os.Remove(f); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// simSetup deals the game as /newgame and /start would: the options
// checked as typed, the platform's own options left out of the game's.
// It returns the state, the number of people and the number of seats.
func simSetup(g *engine.Game, o SimOptions) (engine.State, int, int, error) {
	raw, err := engine.ParseOptions(o.Options)
	if err != nil {
		return nil, 0, 0, err
	}
	opts, err := g.CheckOptions(raw)
	if err != nil {
		return nil, 0, 0, err
	}
	people := o.Players
	if people == 0 {
		people = g.MinPlayers
	}
	seats, err := g.SeatCount(people, opts)
	if err != nil {
		return nil, 0, 0, err
	}
	gameOpts := map[string]string{}
	for _, opt := range g.Options {
		if v, ok := opts[opt.Key]; ok {
			gameOpts[opt.Key] = v
		}
	}
	st, err := g.New(engine.Setup{Players: seats, Seed: o.Seed, Options: gameOpts})
	return st, people, seats, err
}

// simulation is one offline game being played and written out.
type simulation struct {
	o          SimOptions
	rd         render.Renderer
	res        *SimResult
	transcript strings.Builder
	phase      int
}

// draw writes one image, or nothing when the game has no such renderer.
func (sim *simulation) draw(name string, v engine.View, f func(engine.View) (image.Image, error)) error {
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
	path := filepath.Join(sim.o.Out, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	sim.res.Images = append(sim.res.Images, path)
	return nil
}

// play makes the bots' moves (or random legal moves) until the game
// ends, or fails when it does not end within maxSimMoves.
func (sim *simulation) play(g *engine.Game, st engine.State, seats int) error {
	r := engine.NewRand(sim.o.Seed ^ 0x5eed)
	next := func() (engine.Seat, string, bool) { return engine.BotMove(g.Bot, st, r) }
	if sim.o.Random || g.Bot == nil {
		next = func() (engine.Seat, string, bool) { return engine.RandomMove(st, r) }
	}
	for st.Outcome() == nil {
		if sim.res.Moves >= maxSimMoves {
			return fmt.Errorf("%s did not end after %d moves", g.Name, maxSimMoves)
		}
		seat, move, ok := next()
		if !ok {
			return fmt.Errorf("%s: nobody may act but the game is not over (turn %+v)", g.Name, st.Turn())
		}
		out, err := st.Apply(seat, move)
		if err != nil {
			return fmt.Errorf("legal move %q of seat %d rejected: %w", move, seat, err)
		}
		sim.res.Moves++
		sim.record(seat, move, out, seats)
		if out.PhaseEnded() {
			sim.phase++
			fmt.Fprintf(&sim.transcript, "   — phase %d ends: phase-%03d.png\n", sim.phase, sim.phase)
			if err := sim.draw(fmt.Sprintf("phase-%03d.png", sim.phase), st.View(engine.Public), sim.rd.Board); err != nil {
				return err
			}
		}
	}
	return nil
}

// record writes one move to the transcript: its text (marked when
// secret), its public lines, and each seat's private notes.
func (sim *simulation) record(seat engine.Seat, move string, out engine.Result, seats int) {
	text := move
	if out.Secret {
		text += " (secret)"
	}
	fmt.Fprintf(&sim.transcript, "%d. %s: %s\n", sim.res.Moves, simName(seat), text)
	for _, l := range out.Public {
		fmt.Fprintf(&sim.transcript, "   %s\n", engine.ExpandSeatRefs(l, simName))
	}
	for s := engine.Seat(0); int(s) < seats; s++ {
		for _, n := range out.Private[s] {
			fmt.Fprintf(&sim.transcript, "   [private to %s] %s\n", simName(s), engine.ExpandSeatRefs(n, simName))
		}
	}
}
