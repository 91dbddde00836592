package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"casefile/commands"

	"github.com/BurntSushi/toml"
)

// Config is the bot's configuration file, config.toml by default. Every key
// is documented in config.example.toml.
type Config struct {
	Discord struct {
		Token    string   `toml:"token"`
		APIURL   string   `toml:"api_url"`
		GuildIDs []string `toml:"guild_ids"`
		// ShardID and ShardCount run this process as one of several
		// gateway shards (see config.example.toml).
		ShardID    int `toml:"shard_id"`
		ShardCount int `toml:"shard_count"`
	} `toml:"discord"`
	Storage struct {
		Path string `toml:"path"`
		// KeepInteractions is how long handled interactions are kept
		// against redelivery before they are pruned.
		KeepInteractions string `toml:"keep_interactions"`
	} `toml:"storage"`
	Performance struct {
		// StateCacheGames is how many games' decoded states the bot
		// keeps between commands; 0 keeps none.
		StateCacheGames int `toml:"state_cache_games"`
		// GCPercent is the collector's GOGC for the bot: how far, in
		// percent of what is live, the heap may grow before the next
		// collection; GOGC, when set, wins.
		GCPercent int `toml:"gc_percent"`
		// MemoryLimit is the Go runtime's soft memory limit for the
		// bot ("165MiB", or "off"), raised when the live heap would
		// leave too little room under it; GOMEMLIMIT, when set, wins
		// (and is never raised).
		MemoryLimit string `toml:"memory_limit"`
	} `toml:"performance"`
	Games struct {
		DefaultClock   string  `toml:"default_clock"`
		ReminderShare  float64 `toml:"reminder_share"`
		ReactionWindow string  `toml:"reaction_window"`
		MentionEvery   string  `toml:"mention_every"`
		LobbyTTL       string  `toml:"lobby_ttl"`
		TickEvery      string  `toml:"tick_every"`
	} `toml:"games"`
	Log struct {
		Level  string `toml:"level"`
		Format string `toml:"format"`
	} `toml:"log"`

	// File is the configuration file looked for, and FileFound whether
	// it was there and read; TokenFrom says where the token came from
	// (TokenEnv, the file's path, or "" for none). They are not keys.
	File      string `toml:"-"`
	FileFound bool   `toml:"-"`
	TokenFrom string `toml:"-"`
}

// TokenEnv is the environment variable that overrides the token.
const TokenEnv = "CASEFILE_DISCORD_TOKEN"

// DefaultConfig has every default filled in.
func DefaultConfig() Config {
	var c Config
	c.Storage.Path = "casefile.db"
	c.Storage.KeepInteractions = "1d"
	c.Performance.StateCacheGames = commands.DefaultStateCache
	c.Performance.GCPercent = DefaultGCPercent
	c.Performance.MemoryLimit = DefaultMemoryLimit
	c.Games.DefaultClock = "48h"
	c.Games.ReminderShare = 0.5
	c.Games.ReactionWindow = "30m"
	c.Games.MentionEvery = "2h"
	c.Games.LobbyTTL = "72h"
	c.Games.TickEvery = "30s"
	c.Log.Level = "info"
	c.Log.Format = "text"
	return c
}

// LoadConfig reads path over the defaults. A missing file is not an error
// when it is the default path (the token may come from the environment);
// the environment's token overrides the file's.
func LoadConfig(path string, explicit bool, getenv func(string) string) (Config, error) {
	c := DefaultConfig()
	c.File = path
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist) && !explicit:
	case err != nil:
		return c, fmt.Errorf("read config %s: %w", path, err)
	default:
		c.FileFound = true
		md, err := toml.Decode(string(data), &c)
		if err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
		if und := md.Undecoded(); len(und) > 0 {
			var keys []string
			for _, k := range und {
				keys = append(keys, k.String())
			}
			return c, fmt.Errorf("config %s: unknown keys %s (see config.example.toml)", path, strings.Join(keys, ", "))
		}
	}
	if strings.TrimSpace(c.Discord.Token) != "" {
		c.TokenFrom = path
	}
	if tok := strings.TrimSpace(getenv(TokenEnv)); tok != "" {
		c.Discord.Token = tok
		c.TokenFrom = TokenEnv
	}
	c.Discord.Token = strings.TrimPrefix(strings.TrimSpace(c.Discord.Token), "Bot ")
	if err := c.validate(); err != nil {
		return c, fmt.Errorf("config %s: %w", path, err)
	}
	return c, nil
}

// validate checks every value the bot reads, naming the key and what it
// accepts.
func (c Config) validate() error {
	switch {
	case c.Discord.ShardCount < 0:
		return fmt.Errorf("discord.shard_count = %d: use 1 (or leave it out) for one process, or the number of shard processes", c.Discord.ShardCount)
	case c.Discord.ShardCount <= 1 && c.Discord.ShardID != 0:
		return fmt.Errorf("discord.shard_id = %d without discord.shard_count: set shard_count to the number of shard processes", c.Discord.ShardID)
	case c.Discord.ShardCount > 1 && (c.Discord.ShardID < 0 || c.Discord.ShardID >= c.Discord.ShardCount):
		return fmt.Errorf("discord.shard_id = %d: use 0 to %d for shard_count = %d", c.Discord.ShardID, c.Discord.ShardCount-1, c.Discord.ShardCount)
	}
	switch strings.ToLower(strings.TrimSpace(c.Log.Level)) {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("log.level = %q: use debug, info, warn or error", c.Log.Level)
	}
	switch strings.ToLower(strings.TrimSpace(c.Log.Format)) {
	case "text", "json":
	default:
		return fmt.Errorf("log.format = %q: use text or json", c.Log.Format)
	}
	if c.Performance.StateCacheGames < 0 {
		return fmt.Errorf("performance.state_cache_games = %d: use a number of games, like %d (the default), or 0 to keep none", c.Performance.StateCacheGames, commands.DefaultStateCache)
	}
	if p := c.Performance.GCPercent; p < minGCPercent || p > maxGCPercent {
		return fmt.Errorf("performance.gc_percent = %d: use a percentage from %d to %d, like %d (the default; the Go runtime's own is 100)", p, minGCPercent, maxGCPercent, DefaultGCPercent)
	}
	if _, err := parseMemoryLimit(c.Performance.MemoryLimit); err != nil {
		return fmt.Errorf("performance.memory_limit = %q: %w", c.Performance.MemoryLimit, err)
	}
	if keep, err := commands.ParseDuration(c.Storage.KeepInteractions); err != nil || keep < minKeepInteractions {
		return fmt.Errorf("storage.keep_interactions = %q: use a duration of at least 15m (Discord may deliver an interaction again for 15 minutes), like 1d (the default)", c.Storage.KeepInteractions)
	}
	if !(c.Games.ReminderShare > 0 && c.Games.ReminderShare < 1) {
		return fmt.Errorf("games.reminder_share = %v: use a share strictly between 0 and 1, like 0.5", c.Games.ReminderShare)
	}
	for _, d := range []struct {
		name, v string
		off     bool
	}{
		{"games.default_clock", c.Games.DefaultClock, true},
		{"games.reaction_window", c.Games.ReactionWindow, false},
		{"games.mention_every", c.Games.MentionEvery, true},
		{"games.lobby_ttl", c.Games.LobbyTTL, false},
		{"games.tick_every", c.Games.TickEvery, false},
	} {
		v, err := commands.ParseDuration(d.v)
		switch {
		case err != nil:
			return fmt.Errorf("%s = %q: %w", d.name, d.v, err)
		case v == 0 && d.off && strings.EqualFold(strings.TrimSpace(d.v), "off"):
		case v == 0 && d.off:
			return fmt.Errorf("%s = %q: use a positive duration like 30m, 48h or 2d, or off", d.name, d.v)
		case v == 0:
			return fmt.Errorf("%s = %q: use a positive duration like 30s, 30m, 48h or 2d (off is not allowed here)", d.name, d.v)
		}
	}
	return nil
}

// minKeepInteractions is the least storage.keep_interactions accepted:
// the life of an interaction token, in which Discord may deliver the
// interaction again.
const minKeepInteractions = 15 * time.Minute

// settings are the service's settings from the configuration.
func (c Config) settings() commands.Settings {
	cache := c.Performance.StateCacheGames
	if cache == 0 {
		cache = -1 // the service reads zero as its default
	}
	return commands.Settings{
		DefaultClock:     durationOrOff(c.Games.DefaultClock),
		ReminderShare:    c.Games.ReminderShare,
		ReactionWindow:   mustDuration(c.Games.ReactionWindow),
		MentionEvery:     durationOrOff(c.Games.MentionEvery),
		LobbyTTL:         mustDuration(c.Games.LobbyTTL),
		StateCache:       cache,
		KeepInteractions: mustDuration(c.Storage.KeepInteractions),
	}
}

func mustDuration(v string) time.Duration {
	d, _ := commands.ParseDuration(v)
	return d
}

// invocation is how the user ran the program, for the commands the help
// texts suggest: "go run ./cmd/casefile" when arg0 is a binary the go
// command built in its temporary folder, else arg0 as typed ("./casefile",
// "casefile" found on PATH, "/usr/local/bin/casefile").
func invocation(arg0 string) string {
	slash := filepath.ToSlash(arg0)
	if arg0 == "" || strings.Contains(slash, "/go-build") || strings.HasSuffix(slash, ".test") {
		return "go run ./cmd/casefile"
	}
	return arg0
}

// noTokenHelp is printed when no token was found: how to get one, how to
// give it to prog, and which configuration file was read.
func noTokenHelp(prog string, c Config) string {
	file := fmt.Sprintf("No configuration file was found at %s.", c.File)
	if c.FileFound {
		file = fmt.Sprintf("The configuration file %s was read; it has no [discord] token.", c.File)
	}
	return `Casefile needs a Discord bot token to connect, and none was found.
` + file + `

To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", reset and copy the token.
  3. Under "OAuth2 → URL Generator", tick the scopes "bot" and
     "applications.commands" and the permissions "View Channels", "Send
     Messages", "Attach Files", "Read Message History", "Create Public
     Threads" and "Send Messages in Threads"; open the URL to invite the
     bot to your server.

Then either
  export ` + TokenEnv + `=<your token>
  ` + prog + `
or copy config.example.toml to config.toml, put the token under [discord],
and run ` + prog + ` (or ` + prog + ` -config PATH).

No token at hand? See the games offline:
  ` + prog + ` sim --game escape-plan --players 3 --seed 1 --out sim-out
`
}

// DefaultGCPercent is the bot's GOGC when the configuration sets none:
// the runtime's own. The memory limit, not a lower GOGC, keeps a busy bot
// within its memory (see DefaultMemoryLimit): GOGC=30 kept 1,000 games at
// 50 moves/s within 169 MB too, but made the collector run three times as
// often at every rate, and on a busy machine the bot collapsed at 100
// moves/s where it sustained 97 with 100 (README, "The bot's own memory").
const DefaultGCPercent = 100

// minGCPercent and maxGCPercent bound performance.gc_percent: below 10 the
// collector would run nearly all the time, and above 1000 a busy bot's
// heap grows to gigabytes between collections.
const (
	minGCPercent = 10
	maxGCPercent = 1000
)

// DefaultMemoryLimit is the bot's soft memory limit when the configuration
// sets none. Issue 16 asks a busy bot (1,000 active games at 50 moves/s)
// to stay within 200 MB of resident memory; without a limit the collector
// lets the heap grow to twice what is live (90-125 MB there), and the bot
// peaked at 268-298 MB. The limit is raised while the live heap would
// leave it less than limitRoomShare of itself to grow (startLimitGovernor):
// a limit of 160MiB always in force brought the peak to 169 MB but, near
// it, the collector ran all the time once a backlog formed, and the bot
// collapsed at 150 moves/s.
const DefaultMemoryLimit = "165MiB"

// exampleMemoryLimit is the size the errors about memory_limit suggest.
const exampleMemoryLimit = DefaultMemoryLimit

// minMemoryLimit is the least performance.memory_limit accepted: below it
// the collector would run nearly all the time for a bot's ordinary heap.
const minMemoryLimit = 64 << 20

// parseMemoryLimit reads a memory limit: "off" (or "0") for none, else a
// whole number of bytes with a unit of B, KiB, MiB or GiB, as GOMEMLIMIT
// writes them. None is returned as 0.
func parseMemoryLimit(v string) (int64, error) {
	v = strings.TrimSpace(v)
	if strings.EqualFold(v, "off") || v == "0" {
		return 0, nil
	}
	units := []struct {
		suffix string
		bytes  int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}
	for _, u := range units {
		num, ok := strings.CutSuffix(v, u.suffix)
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
		if err != nil || n <= 0 {
			break
		}
		if n > (1<<62)/u.bytes || n*u.bytes < minMemoryLimit {
			return 0, fmt.Errorf("use at least 64MiB, like %s (the default), or off", exampleMemoryLimit)
		}
		return n * u.bytes, nil
	}
	return 0, fmt.Errorf("use a size like %s (the default; units B, KiB, MiB, GiB), or off", exampleMemoryLimit)
}

// applyMemoryLimit sets the configured soft memory limit for the bot's
// run, unless GOMEMLIMIT is set (the runtime has already read it, and an
// operator's environment wins over the file), raised after a collection
// whenever the live heap would leave less room than limitRoomShare of it
// (see startLimitGovernor). It returns what undoes it.
func applyMemoryLimit(c Config, getenv func(string) string) (limit int64, undo func()) {
	limit, _ = parseMemoryLimit(c.Performance.MemoryLimit) // validated on load
	if limit == 0 || getenv("GOMEMLIMIT") != "" {
		return 0, func() {}
	}
	return limit, startLimitGovernor(limit)
}

// applyGCPercent sets the configured GOGC for the bot's run, unless GOGC
// is set in the environment (the runtime has already read it, and an
// operator's environment wins over the file). It returns the percentage
// set (0 when the environment's stands) and what undoes it.
func applyGCPercent(c Config, getenv func(string) string) (percent int, undo func()) {
	if getenv("GOGC") != "" {
		return 0, func() {}
	}
	prev := debug.SetGCPercent(c.Performance.GCPercent)
	return c.Performance.GCPercent, func() { debug.SetGCPercent(prev) }
}
