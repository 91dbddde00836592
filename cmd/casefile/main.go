// Command casefile runs the Casefile Discord bot, or, with the sim
// subcommand, plays a whole game offline with random legal moves.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"casefile/bot"
	"casefile/commands"
	"casefile/storage"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Getenv))
}

// errNoToken is returned when the bot cannot start for lack of a token.
var errNoToken = errors.New("no Discord token")

func run(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	// Bare "help" and "version", as the only argument, are aliases of -h
	// and -version; any other bare word is an error, so a typo never
	// starts the bot.
	if len(args) == 1 && args[0] == "help" {
		args = []string{"-h"}
	}
	if len(args) == 1 && args[0] == "version" {
		args = []string{"-version"}
	}
	if len(args) > 0 {
		subcommands := map[string]func() error{
			"sim":      func() error { return runSim(args[1:], stdout, stderr) },
			"loadtest": func() error { return runLoadtest(ctx, args[1:], stdout, stderr) },
			"backup":   func() error { return runBackup(ctx, args[1:], stdout, stderr, getenv) },
			"reshard":  func() error { return runReshard(ctx, args[1:], stdout, stderr) },
		}
		if sub, ok := subcommands[args[0]]; ok {
			return exitCode(sub(), "casefile "+args[0], stderr)
		}
	}
	fs := flag.NewFlagSet("casefile", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	configPath := fs.String("config", "config.toml", "path of the TOML configuration file")
	showVersion := fs.Bool("version", false, "print the version and exit")
	usage := func(w io.Writer) {
		fmt.Fprintln(w, "usage: casefile [-config PATH]        run the bot")
		fmt.Fprintln(w, "       casefile -version               print the version")
		fmt.Fprintln(w, "       casefile sim --game G --players N [--seed S] [--options TEXT] --out DIR")
		fmt.Fprintln(w, "                                       play a whole game offline (casefile sim -h)")
		fmt.Fprintln(w, "       casefile backup [-config PATH] DEST   copy the database while the bot runs (casefile backup -h)")
		fmt.Fprintln(w, "       casefile reshard -to-count N -out DIR SOURCE.db...   move servers' games to N shard databases (casefile reshard -h)")
		fmt.Fprintln(w, "       casefile loadtest [--games N] [--rate R] ...   measure the bot under load on the emulator (casefile loadtest -h)")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout)
			return 0
		}
		fmt.Fprintln(stderr, "casefile:", err)
		usage(stderr)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "casefile: unexpected argument %q\n", fs.Arg(0))
		usage(stderr)
		return 2
	}
	if *showVersion {
		fmt.Fprintln(stdout, "casefile", versionLine())
		return 0
	}
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "config" })
	cfg, err := LoadConfig(*configPath, explicit, getenv)
	if err != nil {
		fmt.Fprintln(stderr, "casefile:", err)
		return 2
	}
	m := NewMain(cfg, stderr)
	_, undo := applyMemoryLimit(cfg, getenv)
	defer undo()
	_, undoGC := applyGCPercent(cfg, getenv)
	defer undoGC()
	if path := getenv(HeapProfileEnv); path != "" {
		stopProfiles := heapProfilesOnSignal(path, stderr)
		defer stopProfiles()
		defer writeHeapProfile(path, stderr)
	}
	if err := m.Run(ctx); err != nil {
		if errors.Is(err, errNoToken) {
			fmt.Fprint(stderr, noTokenHelp(programName, cfg))
			return 2
		}
		if errors.Is(err, bot.ErrTokenRejected) {
			fmt.Fprintln(stderr, "casefile:", tokenRejectedHelp(cfg))
			return 1
		}
		fmt.Fprintln(stderr, "casefile:", err)
		return 1
	}
	return 0
}

// HeapProfileEnv names a file that the bot writes a heap profile of
// itself to when it stops: `casefile loadtest --bot-apart --heap-profile`
// sets it for the bot it runs as a child, so that what the bot keeps live
// and what it allocated over its run can be read with `go tool pprof`.
const HeapProfileEnv = "CASEFILE_HEAP_PROFILE"

// heapProfilesOnSignal writes a heap profile to path with ".1", ".2"…
// added each time the process gets SIGUSR1, until the returned function
// is called: the load test asks for one when its moves start and one
// when they stop, and `go tool pprof -diff_base` of the two is what the
// run alone allocated.
func heapProfilesOnSignal(path string, w io.Writer) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGUSR1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for n := 1; ; n++ {
			if _, ok := <-sig; !ok {
				return
			}
			writeHeapProfile(fmt.Sprintf("%s.%d", path, n), w)
		}
	}()
	return func() {
		signal.Stop(sig)
		close(sig)
		<-done
	}
}

// writeHeapProfile writes the heap profile (live objects as of the last
// collection, and every allocation since the start) to path; a failure is
// reported on w and changes nothing else.
func writeHeapProfile(path string, w io.Writer) {
	// Written aside and renamed, so that a reader waiting for the file
	// never reads half of it.
	f, err := os.Create(path + ".part")
	if err == nil {
		err = pprof.WriteHeapProfile(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(path+".part", path)
		}
	}
	if err != nil {
		fmt.Fprintln(w, "casefile: heap profile:", err)
	}
}

// exitCode is a subcommand's exit status: 0 when it succeeded or printed
// its help, 2 for wrong arguments (already explained), 1 for a failure,
// which it prints after the subcommand's name.
func exitCode(err error, name string, stderr io.Writer) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	}
	fmt.Fprintln(stderr, name+":", err)
	return 1
}

// programName is how the user ran the program, for the help texts.
var programName = invocation(os.Args[0])

// tokenRejectedHelp says what to do about a token Discord refused, and
// where that token came from.
func tokenRejectedHelp(c Config) string {
	msg := "the token was rejected: reset it in the developer portal and update " + TokenEnv + " or config.toml"
	switch {
	case c.TokenFrom == TokenEnv:
		msg += " (this token came from " + TokenEnv + ")"
	case c.TokenFrom != "":
		msg += " (this token came from " + c.TokenFrom + ")"
	}
	return msg + "; https://discord.com/developers/applications → your application → Bot → Reset Token"
}

// errUsage is returned by a subcommand whose arguments were wrong, after
// it has printed the error and its usage.
var errUsage = errors.New("usage")

// buildVersion is the module version and VCS commit the binary was built
// from, as the go command stamped them; "(devel)" and "unknown" when it
// did not (go run, go test, -buildvcs=false).
func buildVersion() (version, commit string) {
	version, commit = "(devel)", "unknown"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return version, commit
	}
	if bi.Main.Version != "" {
		version = bi.Main.Version
	}
	modified := false
	for _, st := range bi.Settings {
		switch st.Key {
		case "vcs.revision":
			commit = st.Value
		case "vcs.modified":
			modified = st.Value == "true"
		}
	}
	if modified && commit != "unknown" {
		commit += "-dirty"
	}
	return version, commit
}

// versionLine is what -version prints after the program name.
func versionLine() string {
	v, c := buildVersion()
	return fmt.Sprintf("%s, commit %s, %s", v, c, runtime.Version())
}

// Main is the program, shared by main and the end-to-end tests: it opens
// the store, builds the service and connects the bot.
type Main struct {
	Config  Config
	Log     *slog.Logger
	DB      *storage.DB
	Service *commands.Service
	Bot     *bot.Bot
	// Games are the games offered; nil means the registry of every real
	// game. Tests put their fixture here.
	Games []Entry
	// OnDone, when set, is told when the bot has finished with an
	// interaction (tests wait on it instead of sleeping).
	OnDone func(interactionID string)
	// Ready, when set, is called once the service is built, before the
	// bot connects (tests use it to reach the service and clock).
	Ready func(*Main)
	// HoldPictures leaves the board pictures owed after phases in the
	// store instead of starting the picture worker, as if the process
	// stopped before it could draw them: tests of what the next start
	// posts set it.
	HoldPictures bool
	// Warmed, when set, is told when start-up warming has drawn the
	// active games' boards (tests wait on it instead of sleeping).
	Warmed func(commands.WarmReport)
	// PruneEvery is how often handled interactions are pruned
	// (commands.PruneEvery when zero); tests shorten it.
	PruneEvery time.Duration
}

// NewMain builds a Main from a configuration, logging to w.
func NewMain(cfg Config, w io.Writer) *Main {
	return &Main{Config: cfg, Log: newLogger(cfg, w)}
}

func newLogger(cfg Config, w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	switch strings.ToLower(cfg.Log.Level) {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	}
	opts := &slog.HandlerOptions{Level: level}
	if strings.ToLower(cfg.Log.Format) == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// Run runs the bot until ctx is cancelled, then shuts down gracefully:
// moves in flight finish and are answered before the store closes.
func (m *Main) Run(ctx context.Context) (err error) {
	if m.Config.Discord.Token == "" {
		return errNoToken
	}
	// A database this run creates is removed again if the bot cannot
	// start, so a failed first start leaves nothing behind.
	path := m.Config.Storage.Path
	_, statErr := os.Stat(path)
	created := errors.Is(statErr, os.ErrNotExist) && path != ":memory:"
	defer func() {
		if err != nil && created {
			for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
				os.Remove(p)
			}
		}
	}()
	db, err := storage.Open(path)
	if err != nil {
		return err
	}
	m.DB = db
	defer db.Close()
	games := m.Games
	if games == nil {
		games = registry
	}
	if err := checkEntries(games); err != nil {
		return err
	}
	catalog, renderers := build(games)
	m.Service = commands.New(db, catalog, renderers, m.Config.settings(), m.Log)
	if m.Ready != nil {
		m.Ready(m)
	}
	b, err := bot.New(bot.Config{
		Token:      m.Config.Discord.Token,
		APIURL:     m.Config.Discord.APIURL,
		GuildIDs:   m.Config.Discord.GuildIDs,
		ShardID:    m.Config.Discord.ShardID,
		ShardCount: m.Config.Discord.ShardCount,
		TickEvery:  mustDuration(m.Config.Games.TickEvery),
		OnDone:     m.OnDone,
	}, m.Service, m.Log)
	if err != nil {
		return err
	}
	m.Bot = b
	m.Service.Reach = b
	m.Service.Threads = b
	// The bot reports when a move's messages are sent; its board follows.
	m.Service.AwaitDelivery = true
	if !m.HoldPictures {
		// The picture worker posts the boards owed after phases, those
		// a previous run left first. It stops once the bot has answered
		// its last interaction and before the store closes; a picture it
		// had not posted by then is posted by the next run.
		pics, stopPics := context.WithCancel(context.WithoutCancel(ctx))
		picsDone := make(chan struct{})
		go func() {
			defer close(picsDone)
			m.Service.RunPictures(pics, b)
		}()
		defer func() {
			stopPics()
			<-picsDone
		}()
	}
	// The active games' boards are drawn once in the background, in a
	// free drawing slot, so that their layouts and shapes are drawn before
	// their first picture is owed (commands.WarmPictures).
	warm, stopWarm := context.WithCancel(context.WithoutCancel(ctx))
	warmDone := make(chan struct{})
	go func() {
		defer close(warmDone)
		rep, err := m.Service.WarmPictures(warm, commands.WarmGames)
		if err != nil && warm.Err() == nil {
			m.Log.Warn("warming pictures: listing the active games", "error", err)
		}
		if rep.Games > 0 {
			m.Log.Info("pictures warmed", "games", rep.Games, "took_ms", rep.Took.Milliseconds())
		}
		if m.Warmed != nil {
			m.Warmed(rep)
		}
	}()
	defer func() {
		stopWarm()
		<-warmDone
	}()
	// Handled interactions older than storage.keep_interactions are
	// pruned now and every hour, until the store closes.
	prune, stopPrune := context.WithCancel(context.WithoutCancel(ctx))
	pruneDone := make(chan struct{})
	go func() {
		defer close(pruneDone)
		m.Service.RunPruner(prune, m.PruneEvery)
	}()
	defer func() {
		stopPrune()
		<-pruneDone
	}()
	version, commit := buildVersion()
	m.Log.Info("casefile starting", "version", version, "commit", commit, "db", m.Config.Storage.Path, "guilds", len(m.Config.Discord.GuildIDs), "api", apiLabel(m.Config.Discord.APIURL))
	if err := b.Run(ctx); err != nil {
		return err
	}
	m.Log.Info("casefile stopped")
	return nil
}

// durationOrOff maps "off" to a negative clock, which the service reads as
// no clock at all (zero would mean its default).
func durationOrOff(v string) time.Duration {
	d := mustDuration(v)
	if d == 0 {
		return -1
	}
	return d
}

func apiLabel(u string) string {
	if u == "" {
		return "discord.com"
	}
	return u
}
