package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"casefile/bot/discordtest"
	"casefile/engine"
	"casefile/storage"
)

// LoadOptions configure a load test: Games active games spread over
// Servers servers, driven at Rate moves a second for Duration, each move
// preceded by Typing autocomplete requests (a person typing it) and every
// StatusEvery-th by a /status.
type LoadOptions struct {
	Games, Servers int
	Rate           float64
	Duration       time.Duration
	Typing         int
	StatusEvery    int
	Seed           uint64
	// Dir holds the database; a temporary folder when empty.
	Dir string
	// BotBinary, when set, runs the bot as a child process of this
	// program (BotBinary -config FILE, talking to the emulator on
	// loopback), so that its memory and CPU are measured apart from the
	// emulator's and the driver's; empty runs it in this process.
	BotBinary string
	// HeapProfile, when set, is where a heap profile of this process is
	// written after the run (the bot's when it runs in this process);
	// with BotBinary, the child bot writes its own to HeapProfile with
	// ".bot" added when it stops, and with ".bot.1" and ".bot.2" added
	// when the moves start and stop (so `go tool pprof -diff_base
	// P.bot.1 P.bot.2` shows what the run alone allocated, and P.bot.2
	// what was live at its end).
	HeapProfile string
	// BotLog, with BotBinary, is a file that gets a copy of the child
	// bot's log and standard error (where GODEBUG=gctrace=1, inherited
	// from this program's environment, writes the collector's trace).
	BotLog string
	// BotEnv, with BotBinary, are KEY=VALUE settings added to the child
	// bot's environment (GOMEMLIMIT=150MiB, say).
	BotEnv []string
}

// LoadReport is what a load test measured. Latencies are from the
// interaction's delivery to the bot until its reply was settled, as a
// person's client would see it. CPU and RSS are of this whole process;
// with the bot in this process (the bot, the emulator and the driver
// together) they are upper bounds for the bot alone, and with the bot in
// a child process (LoadOptions.BotBinary) the Bot fields measure it
// alone.
type LoadReport struct {
	Moves, Refused, Errors int
	// FirstError is the first error a move met, to say what went wrong.
	FirstError     string
	Autocompletes  int
	Elapsed        time.Duration
	MovesPerSecond float64
	AckP50, AckP99 time.Duration
	// PictureP99 is the p99 of the acknowledgements of the moves that
	// ended a phase, which owe a board picture: it is drawn and posted
	// after the reply, so it is not in this time.
	PictureP99 time.Duration
	Pictures   int
	// PostedP50 and PostedP99 are how long a board waited from the commit
	// that owed it to its post (the picture worker's owed_ms), over the
	// Posted boards posted during the run (those its last moves owed
	// included, waited for once the moves stop).
	PostedP50, PostedP99             time.Duration
	Posted                           int
	AutocompleteP50, AutocompleteP99 time.Duration
	CPUPerMove                       time.Duration
	PeakRSSMB                        float64
	// BotApart says the bot ran as a child process; then BotPeakRSSMB is
	// its peak resident memory over its whole life (VmHWM, setting up
	// the games included), BotRSSMB its resident memory when the run
	// ended (VmRSS), and BotCPUPerMove its own CPU during the run over the
	// moves.
	BotApart               bool
	BotPeakRSSMB, BotRSSMB float64
	BotCPUPerMove          time.Duration
	// DBBytesPerGame is the database's size on disk (WAL included) over
	// the games, DBGrowthPerMove its growth during the run over the moves.
	DBBytesPerGame, DBGrowthPerMove float64
	// Finished counts draws of a game that had already ended; OutOfStep
	// the games whose stored state differs from the driver's copy at the
	// end (a bug: it should be 0).
	Finished, OutOfStep int
	// Unanswered counts the games whose /move got no reply in time (each
	// also counted in Errors): the driver plays them no more, and checks
	// at the end that each holds its copy with or without that move.
	Unanswered int
	// CachedStates is how many decoded game states the bot kept at the
	// end, and CacheHits the share of its loads of a started game that
	// found the state there instead of decoding the snapshot.
	CachedStates int
	CacheHits    float64
}

func (r LoadReport) String() string {
	who := "whole process"
	bot := ""
	if r.BotApart {
		who = "emulator and driver, without the bot"
		bot = fmt.Sprintf("\nthe bot alone (a child process): CPU per move %s, peak RSS %.0f MB (VmHWM), RSS at the end %.0f MB",
			r.BotCPUPerMove.Round(10*time.Microsecond), r.BotPeakRSSMB, r.BotRSSMB)
	}
	return fmt.Sprintf(`moves: %d in %s (%.1f moves/s), %d refused, %d errors
acknowledgement: p50 %s, p99 %s
moves ending a phase (%d, their board posted after the reply): acknowledgement p99 %s
boards posted (%d): from the commit that owed one to its post, p50 %s, p99 %s
autocomplete (%d requests): p50 %s, p99 %s
CPU per move (%s): %s
peak RSS (%s): %.0f MB%s
database: %.0f KB per game, growing %.1f KB per move
games drawn after their end: %d; games out of step with the driver: %d (of them %d left after a /move without a reply)
decoded states kept: %d; loads served from them: %.0f%%%s`,
		r.Moves, r.Elapsed.Round(time.Millisecond), r.MovesPerSecond, r.Refused, r.Errors,
		r.AckP50.Round(10*time.Microsecond), r.AckP99.Round(10*time.Microsecond),
		r.Pictures, r.PictureP99.Round(10*time.Microsecond),
		r.Posted, r.PostedP50.Round(time.Millisecond), r.PostedP99.Round(time.Millisecond),
		r.Autocompletes, r.AutocompleteP50.Round(10*time.Microsecond), r.AutocompleteP99.Round(10*time.Microsecond),
		who, r.CPUPerMove.Round(10*time.Microsecond), who, r.PeakRSSMB, bot, r.DBBytesPerGame/1024, r.DBGrowthPerMove/1024, r.Finished, r.OutOfStep, r.Unanswered, r.CachedStates, 100*r.CacheHits, firstError(r.FirstError))
}

// firstError is the report's line for the first error, if any.
func firstError(e string) string {
	if e == "" {
		return ""
	}
	return "\nfirst error: " + e
}

// loadGame is one game the driver plays, with its own copy of the state
// (the game is deterministic from its seed and moves, so the copy follows
// the bot's without reading the database).
type loadGame struct {
	mu    sync.Mutex
	ch    discordtest.Channel
	users []discordtest.User // by seat
	// multi marks the people who hold several seats: their moves say
	// "seatN: ", as the autocomplete lists them.
	multi map[string]bool
	def   *engine.Game
	st    engine.State
	db    *storage.DB
	id    int64
	busy  atomic.Bool
	// unanswered is the move whose /move got no reply in time: the bot
	// may still apply it after the driver gave up, so the game is played
	// no more in the run, and at the end its stored state must be the
	// driver's copy either without that move or with it.
	unanswered *unansweredMove
}

// unansweredMove is a move sent without a reply: the seat and the move.
type unansweredMove struct {
	seat engine.Seat
	move string
}

func runLoadtest(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd := newSubcommand("casefile loadtest", "casefile loadtest [--games N] [--servers M] [--rate R] [--duration D] [--typing K] [--seed S] [--bot-apart]",
		"runs the bot against the Discord emulator on loopback with N active games and reports throughput, latencies, CPU, memory and database growth", stdout, stderr)
	fs := cmd.fs
	var o LoadOptions
	fs.IntVar(&o.Games, "games", 200, "active games")
	fs.IntVar(&o.Servers, "servers", 20, "servers the games are spread over")
	fs.Float64Var(&o.Rate, "rate", 20, "moves per second")
	fs.DurationVar(&o.Duration, "duration", 30*time.Second, "how long to drive moves (at most 10m)")
	fs.IntVar(&o.Typing, "typing", 3, "autocomplete requests before each move")
	fs.IntVar(&o.StatusEvery, "status-every", 10, "a /status after every this many moves (0: none)")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the games and of the driver's choices")
	fs.StringVar(&o.Dir, "dir", "", "folder for the database (default: a temporary one, removed after)")
	fs.StringVar(&o.HeapProfile, "heap-profile", "", "write a heap profile of this process to this file after the run (the bot's too unless --bot-apart; with --bot-apart the bot's own goes to this file with .bot added)")
	fs.StringVar(&o.BotLog, "bot-log", "", "with --bot-apart, copy the bot's log and standard error to this file")
	fs.Func("bot-env", "with --bot-apart, KEY=VALUE added to the bot's environment, e.g. GOMEMLIMIT=150MiB (repeatable)", func(v string) error {
		if !strings.Contains(v, "=") {
			return errors.New("want KEY=VALUE")
		}
		o.BotEnv = append(o.BotEnv, v)
		return nil
	})
	apart := fs.Bool("bot-apart", false, "run the bot as a child process (this program, on the emulator over loopback) and measure its memory and CPU apart")
	if err := cmd.parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 || o.Games < 1 || o.Servers < 1 || o.Rate <= 0 || o.Duration <= 0 || o.Duration > 10*time.Minute {
		return cmd.fail("--games, --servers and --rate must be positive and --duration at most 10m")
	}
	if *apart {
		exe, err := os.Executable()
		if err != nil {
			return fmt.Errorf("--bot-apart: this program's path: %w", err)
		}
		o.BotBinary = exe
	}
	fmt.Fprintf(stdout, "setting up %d games on %d servers...\n", o.Games, o.Servers)
	rep, err := LoadTest(ctx, o)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, rep)
	return nil
}

// LoadTest runs the bot in this process against a Discord emulator on
// loopback, opens o.Games games of Escape Plan and Masters of the Heist,
// then drives random legal moves at o.Rate for o.Duration, with the
// autocomplete calls of people typing and some /status, and measures.
func LoadTest(ctx context.Context, o LoadOptions) (LoadReport, error) {
	var rep LoadReport
	dir := o.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "casefile-loadtest-")
		if err != nil {
			return rep, err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	emu, err := discordtest.Start(discordtest.WithSlimMessages())
	if err != nil {
		return rep, err
	}
	defer emu.Close()
	emu.SetTimeout(60 * time.Second)
	var guildIDs []string
	var guilds []discordtest.Guild
	for i := 0; i < o.Servers; i++ {
		g := emu.AddGuild(fmt.Sprintf("server %d", i+1))
		guilds = append(guilds, g)
		guildIDs = append(guildIDs, g.ID)
	}
	people := make([]discordtest.User, 8)
	for i := range people {
		people[i] = emu.AddUser(fmt.Sprintf("player%d", i+1))
	}
	cfg := DefaultConfig()
	cfg.Discord.Token, cfg.Discord.APIURL, cfg.Discord.GuildIDs = emu.Token(), emu.URL(), guildIDs
	cfg.Storage.Path = filepath.Join(dir, "loadtest.db")
	cfg.Games.DefaultClock = "off"
	// The picture worker logs each board it posts with how long it was
	// owed; the log is read for that and nothing else.
	cfg.Log.Level, cfg.Log.Format = "info", "json"
	posts := &postLog{}
	var m *Main
	var child *exec.Cmd
	if o.BotBinary == "" {
		m = NewMain(cfg, posts)
		runCtx, cancel := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- m.Run(runCtx) }()
		defer func() { cancel(); <-done }()
	} else {
		var log io.Writer = posts
		if o.BotLog != "" {
			f, err := os.Create(o.BotLog)
			if err != nil {
				return rep, err
			}
			defer f.Close()
			log = io.MultiWriter(posts, f)
		}
		env := o.BotEnv
		if o.HeapProfile != "" {
			env = append(env[:len(env):len(env)], HeapProfileEnv+"="+o.HeapProfile+".bot")
		}
		child, err = startChildBot(o.BotBinary, cfg, dir, log, env)
		if err != nil {
			return rep, err
		}
		defer stopChildBot(child)
		rep.BotApart = true
	}
	if err := emu.Wait("the bot connected", func() bool {
		return emu.Connected() && len(emu.Commands(guilds[len(guilds)-1].ID)) > 0
	}); err != nil {
		return rep, err
	}
	db, err := storage.Open(cfg.Storage.Path)
	if err != nil {
		return rep, err
	}
	defer db.Close()
	owedCount := db.PicturesOwedCount
	if m != nil {
		owedCount = m.Service.PicturesOwed
	}
	cat := Catalog()
	r := engine.NewRand(o.Seed)
	games := make([]*loadGame, 0, o.Games)
	for i := 0; i < o.Games; i++ {
		g, err := openLoadGame(emu, db, cat, guilds[i%len(guilds)], people, i, o.Seed, r)
		if err != nil {
			return rep, fmt.Errorf("opening game %d: %w", i+1, err)
		}
		games = append(games, g)
	}
	// The boards of the deals are a backlog of their own: the run starts
	// once they are posted, so its figures are of the moves' boards.
	for deadline := time.Now().Add(5 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if n, err := owedCount(ctx); err != nil || n == 0 {
			break
		}
	}
	posts.reset()
	var hits0, misses0 int64
	if m != nil {
		_, hits0, misses0 = m.Service.StateCacheStats()
	}
	dbStart := dbSize(cfg.Storage.Path)
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	var botCPU0 time.Duration
	if child != nil {
		botCPU0, _ = procCPU(child.Process.Pid)
		if o.HeapProfile != "" {
			profileChild(child, o.HeapProfile+".bot.1")
		}
	}

	var mu sync.Mutex
	var acks, pics, autos []time.Duration
	var moves, refused, errs, nAuto, finished atomic.Int64
	var firstErr string // under mu
	var wg sync.WaitGroup
	start := time.Now()
	interval := time.Duration(float64(time.Second) / o.Rate)
	next := start
	seq := 0
	for time.Since(start) < o.Duration {
		if ctx.Err() != nil {
			break
		}
		next = next.Add(interval)
		time.Sleep(time.Until(next))
		seq++
		g := games[r.Intn(len(games))]
		if !g.busy.CompareAndSwap(false, true) {
			continue // its people are still waiting for the last move
		}
		wg.Add(1)
		go func(g *loadGame, seed uint64, n int) {
			defer wg.Done()
			defer g.busy.Store(false)
			ack, pic, auto, ok, err := g.play(emu, engine.NewRand(seed), o.Typing, o.StatusEvery > 0 && n%o.StatusEvery == 0)
			mu.Lock()
			autos = append(autos, auto...)
			if errors.Is(err, errFinished) {
				finished.Add(1)
			} else if errors.Is(err, errUnanswered) {
				// Counted once, when its /move went unanswered.
			} else if err != nil {
				if errs.Add(1) == 1 {
					firstErr = err.Error()
				}
			} else if !ok {
				refused.Add(1)
			} else {
				moves.Add(1)
				acks = append(acks, ack)
				if pic {
					pics = append(pics, ack)
				}
			}
			nAuto.Add(int64(len(auto)))
			mu.Unlock()
		}(g, o.Seed^uint64(seq)*0x9e3779b97f4a7c15, seq)
	}
	wg.Wait()
	rep.Elapsed = time.Since(start)
	var ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	if child != nil {
		pid := child.Process.Pid
		if o.HeapProfile != "" {
			profileChild(child, o.HeapProfile+".bot.2")
		}
		botCPU1, err := procCPU(pid)
		if err != nil {
			return rep, err
		}
		if moves.Load() > 0 {
			rep.BotCPUPerMove = (botCPU1 - botCPU0) / time.Duration(moves.Load())
		}
		hwm, err := procStatusKB(pid, "VmHWM")
		if err != nil {
			return rep, err
		}
		rss, err := procStatusKB(pid, "VmRSS")
		if err != nil {
			return rep, err
		}
		rep.BotPeakRSSMB, rep.BotRSSMB = float64(hwm)/1024, float64(rss)/1024
	}
	rep.Moves, rep.Refused, rep.Errors, rep.Autocompletes = int(moves.Load()), int(refused.Load()), int(errs.Load()), int(nAuto.Load())
	rep.FirstError = firstErr
	rep.MovesPerSecond = float64(rep.Moves) / rep.Elapsed.Seconds()
	rep.AckP50, rep.AckP99 = percentile(acks, 50), percentile(acks, 99)
	rep.Pictures, rep.PictureP99 = len(pics), percentile(pics, 99)
	rep.AutocompleteP50, rep.AutocompleteP99 = percentile(autos, 50), percentile(autos, 99)
	// The boards the run's last moves owe are still to come: they count
	// too, once posted (at most 30 s later).
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if n, err := owedCount(ctx); err != nil || n == 0 {
			break
		}
	}
	owed := posts.waits()
	rep.Posted, rep.PostedP50, rep.PostedP99 = len(owed), percentile(owed, 50), percentile(owed, 99)
	cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) * time.Nanosecond
	if rep.Moves > 0 {
		rep.CPUPerMove = cpu / time.Duration(rep.Moves)
	}
	rep.PeakRSSMB = float64(ru1.Maxrss) / 1024
	rep.DBBytesPerGame = float64(dbSize(cfg.Storage.Path)) / float64(o.Games)
	rep.DBGrowthPerMove = float64(dbSize(cfg.Storage.Path)-dbStart) / float64(max(rep.Moves, 1))
	rep.Finished = int(finished.Load())
	// A bot in a child process keeps its decoded states to itself.
	if m != nil {
		cached, hits, misses := m.Service.StateCacheStats()
		rep.CachedStates = cached
		if loads := hits - hits0 + misses - misses0; loads > 0 {
			rep.CacheHits = float64(hits-hits0) / float64(loads)
		}
	}
	if o.HeapProfile != "" {
		f, err := os.Create(o.HeapProfile)
		if err != nil {
			return rep, err
		}
		err = pprof.WriteHeapProfile(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return rep, err
		}
	}
	// The bot may still be applying moves the driver gave up on: the
	// games waiting on one get 30 s together to settle.
	settled := time.Now().Add(30 * time.Second)
	for _, g := range games {
		if g.unanswered != nil {
			rep.Unanswered++
		}
		if !g.inStep(settled) {
			rep.OutOfStep++
		}
	}
	return rep, nil
}

// startChildBot starts the bot as a child process: binary with a
// configuration file written in dir (cfg's settings; the token goes by
// the environment, as an operator's would, with env added), its log going
// to log.
func startChildBot(binary string, cfg Config, dir string, log io.Writer, env []string) (*exec.Cmd, error) {
	var ids []string
	for _, id := range cfg.Discord.GuildIDs {
		ids = append(ids, strconv.Quote(id))
	}
	toml := fmt.Sprintf(`[discord]
api_url = %q
guild_ids = [%s]
[storage]
path = %q
[games]
default_clock = %q
[log]
level = %q
format = %q
`, cfg.Discord.APIURL, strings.Join(ids, ", "), cfg.Storage.Path, cfg.Games.DefaultClock, cfg.Log.Level, cfg.Log.Format)
	path := filepath.Join(dir, "bot.toml")
	if err := os.WriteFile(path, []byte(toml), 0o600); err != nil {
		return nil, err
	}
	cmd := exec.Command(binary, "-config", path)
	cmd.Env = append(append(os.Environ(), TokenEnv+"="+cfg.Discord.Token), env...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the bot (%s): %w", binary, err)
	}
	return cmd, nil
}

// profileChild asks the child bot for a heap profile (SIGUSR1, see
// heapProfilesOnSignal) and waits up to 10 s for the file it writes.
func profileChild(cmd *exec.Cmd, file string) {
	os.Remove(file)
	cmd.Process.Signal(syscall.SIGUSR1)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(file); err == nil {
			return
		}
	}
}

// stopChildBot asks the child bot to stop as an operator would (SIGTERM:
// it finishes the moves in flight) and kills it if it has not stopped
// within 30 s.
func stopChildBot(cmd *exec.Cmd) {
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
	}
}

// procStatusKB reads a field in kB (VmHWM, VmRSS) of /proc/PID/status.
func procStatusKB(pid int, field string) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			return strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no %s", pid, field)
}

// procCPU is the CPU time (user and system) a process has used so far,
// from /proc/PID/stat, whose times are in clock ticks of 1/100 s (Linux's
// USER_HZ on every architecture Go runs on).
func procCPU(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command's name, in parentheses, may hold spaces: the fields
	// are counted after it, from the third (state).
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: unexpected %q", pid, data)
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: unexpected %q", pid, data)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err := errors.Join(err1, err2); err != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// openLoadGame opens and starts game i in its own channel: Escape Plan for
// 2–4 people or a heist for 1–3, seated from people.
func openLoadGame(emu *discordtest.Server, db *storage.DB, cat *engine.Catalog, guild discordtest.Guild, people []discordtest.User, i int, seed uint64, r *engine.Rand) (*loadGame, error) {
	ch := emu.AddChannel(guild.ID, fmt.Sprintf("game-%d", i+1))
	id, n := "escape-plan", 2+r.Intn(3)
	if i%3 == 2 {
		id, n = "masters-of-the-heist", 1+r.Intn(3)
	}
	def, _ := cat.Get(id)
	off := r.Intn(len(people))
	var seated []discordtest.User
	for k := 0; k < n; k++ {
		seated = append(seated, people[(off+k)%len(people)])
	}
	opts := fmt.Sprintf("seed=%d players=%d", seed+uint64(i), n)
	rep, err := emu.Command(seated[0], ch, "newgame", map[string]string{"game": id, "options": opts})
	if err != nil || rep.Ephemeral() {
		return nil, fmt.Errorf("/newgame %s: %v %q", opts, err, contentOf(rep))
	}
	for _, u := range seated[1:] {
		if rep, err := emu.Command(u, ch, "join", nil); err != nil || rep.Ephemeral() {
			return nil, fmt.Errorf("/join: %v %q", err, contentOf(rep))
		}
	}
	rec, err := db.OpenGame(context.Background(), ch.ID)
	if err != nil {
		return nil, err
	}
	st, err := def.Load(rec.Snapshot)
	if err != nil {
		return nil, err
	}
	byID := map[string]discordtest.User{}
	for _, u := range seated {
		byID[u.ID] = u
	}
	g := &loadGame{ch: ch, def: def, st: st, db: db, id: rec.ID}
	for _, s := range rec.Seats {
		g.users = append(g.users, byID[s.UserID])
	}
	g.multi = map[string]bool{}
	for _, s := range rec.Seats {
		g.multi[s.UserID] = len(rec.SeatsOf(s.UserID)) > 1
	}
	return g, nil
}

func contentOf(r *discordtest.Reply) string {
	if r == nil {
		return ""
	}
	return r.Content()
}

// play makes one random legal move in the game, as a person would: typing
// it in the move box (autocomplete requests for growing prefixes), then
// sending it; with status it also asks /status. It reports the move's
// acknowledgement time, whether the reply carried a board picture, the
// autocomplete times, and whether the move was accepted.
func (g *loadGame) play(emu *discordtest.Server, r *engine.Rand, typing int, status bool) (time.Duration, bool, []time.Duration, bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.st.Outcome() != nil {
		// A finished game stays finished: the driver plays another one.
		return 0, false, nil, false, errFinished
	}
	if g.unanswered != nil {
		return 0, false, nil, false, errUnanswered
	}
	seat, mv, ok := engine.RandomMove(g.st, r)
	if !ok {
		return 0, false, nil, false, fmt.Errorf("nobody may act in %s", g.ch.Name)
	}
	u := g.users[seat]
	text := mv
	if g.multi[u.ID] {
		text = fmt.Sprintf("seat%d: %s", int(seat)+1, mv)
	}
	var autos []time.Duration
	for k := 1; k <= typing; k++ {
		prefix := text[:len(text)*k/(typing+1)]
		t0 := time.Now()
		if _, err := emu.Autocomplete(u, g.ch, "move", map[string]string{"action": prefix}, "action"); err != nil {
			return 0, false, autos, false, fmt.Errorf("autocomplete %q in %s: %w", prefix, g.ch.Name, err)
		}
		autos = append(autos, time.Since(t0))
	}
	t0 := time.Now()
	_, err := emu.Command(u, g.ch, "move", map[string]string{"action": text})
	ack := time.Since(t0)
	if err != nil {
		g.unanswered = &unansweredMove{seat: seat, move: mv}
		return 0, false, autos, false, fmt.Errorf("/move %q in %s: %w", text, g.ch.Name, err)
	}
	// No clock runs and no stand-in plays, so the bot's game moves only by
	// the driver's moves: the copy applies the same move to stay in step
	// (Check verifies it at the end).
	res, err := g.st.Apply(seat, mv)
	if err != nil {
		return ack, false, autos, false, err
	}
	if status {
		if _, err := emu.Command(u, g.ch, "status", nil); err != nil {
			return ack, false, autos, true, fmt.Errorf("/status in %s: %w", g.ch.Name, err)
		}
	}
	pic := res.PhaseEnded() || g.st.Outcome() != nil
	return ack, pic, autos, true, nil
}

// errFinished: the game drawn has ended; not a move, not an error.
var errFinished = errors.New("game over")

// errUnanswered: the game drawn waits on a /move that got no reply; not
// a move, not a new error.
var errUnanswered = errors.New("a move of this game got no reply")

// inStep reports whether the driver's copy of the game is the bot's. For
// a game whose last /move got no reply, the bot may have applied that
// move or not (it may apply it after the driver gave up, so this waits
// until the deadline for the stored game to become one or the other), and
// both are in step; anything else is not.
func (g *loadGame) inStep(deadline time.Time) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	snap, err := g.st.Marshal()
	if err != nil {
		return false
	}
	var after []byte
	if u := g.unanswered; u != nil {
		if copied, err := g.def.Load(snap); err == nil {
			if _, err := copied.Apply(u.seat, u.move); err == nil {
				after, _ = copied.Marshal()
			}
		}
	}
	for ; ; time.Sleep(50 * time.Millisecond) {
		rec, err := g.db.GameByID(context.Background(), g.id)
		if err == nil && (string(snap) == string(rec.Snapshot) || (after != nil && string(after) == string(rec.Snapshot))) {
			return true
		}
		if g.unanswered == nil || time.Now().After(deadline) {
			return false
		}
	}
}

func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(i, 0)]
}

// dbSize is the database's bytes on disk, its WAL included.
func dbSize(path string) int64 {
	var n int64
	for _, p := range []string{path, path + "-wal"} {
		if fi, err := os.Stat(p); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// postLog reads the bot's JSON log for the picture worker's "board posted"
// lines and keeps how long each board was owed (owed_ms).
type postLog struct {
	mu    sync.Mutex
	owed  []time.Duration
	extra []byte
}

func (p *postLog) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	data := append(p.extra, b...)
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		line := data[:i]
		data = data[i+1:]
		if !bytes.Contains(line, []byte(`"msg":"board posted"`)) {
			continue
		}
		var rec struct {
			OwedMS float64 `json:"owed_ms"`
		}
		if json.Unmarshal(line, &rec) == nil {
			p.owed = append(p.owed, time.Duration(rec.OwedMS*float64(time.Millisecond)))
		}
	}
	p.extra = append(p.extra[:0], data...)
	return len(b), nil
}

func (p *postLog) reset() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.owed = nil
}

func (p *postLog) waits() []time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]time.Duration(nil), p.owed...)
}
