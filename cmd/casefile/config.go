package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// Config is the bot's configuration file, config.toml by default. Every key
// is documented in config.example.toml.
type Config struct {
	Discord struct {
		Token    string   `toml:"token"`
		APIURL   string   `toml:"api_url"`
		GuildIDs []string `toml:"guild_ids"`
	} `toml:"discord"`
	Storage struct {
		Path string `toml:"path"`
	} `toml:"storage"`
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
}

// TokenEnv is the environment variable that overrides the token.
const TokenEnv = "CASEFILE_DISCORD_TOKEN"

// DefaultConfig has every default filled in.
func DefaultConfig() Config {
	var c Config
	c.Storage.Path = "casefile.db"
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
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist) && !explicit:
	case err != nil:
		return c, fmt.Errorf("read config %s: %w", path, err)
	default:
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
	if tok := strings.TrimSpace(getenv(TokenEnv)); tok != "" {
		c.Discord.Token = tok
	}
	c.Discord.Token = strings.TrimPrefix(strings.TrimSpace(c.Discord.Token), "Bot ")
	for _, d := range []struct{ name, v string }{{"games.default_clock", c.Games.DefaultClock}, {"games.reaction_window", c.Games.ReactionWindow}, {"games.mention_every", c.Games.MentionEvery}, {"games.lobby_ttl", c.Games.LobbyTTL}, {"games.tick_every", c.Games.TickEvery}} {
		if _, err := parseDuration(d.v); err != nil {
			return c, fmt.Errorf("config %s: %s = %q: %w", path, d.name, d.v, err)
		}
	}
	return c, nil
}

// parseDuration reads "48h", "30m", "2d" or "off" (zero).
func parseDuration(v string) (time.Duration, error) {
	v = strings.TrimSpace(strings.ToLower(v))
	if v == "" || v == "off" || v == "0" {
		return 0, nil
	}
	if strings.HasSuffix(v, "d") {
		var n float64
		if _, err := fmt.Sscanf(strings.TrimSuffix(v, "d"), "%g", &n); err != nil || n < 0 {
			return 0, fmt.Errorf("not a duration")
		}
		return time.Duration(n * float64(24*time.Hour)), nil
	}
	return time.ParseDuration(v)
}

func mustDuration(v string) time.Duration {
	d, _ := parseDuration(v)
	return d
}

// noTokenHelp is printed when no token was found.
const noTokenHelp = `Casefile needs a Discord bot token to connect, and none was found.

To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", reset and copy the token.
  3. Under "OAuth2 → URL Generator", tick the scopes "bot" and
     "applications.commands" and the permissions "View Channels", "Send
     Messages", "Attach Files", "Embed Links" and "Read Message History";
     open the URL to invite the bot to your server.

Then either
  export ` + TokenEnv + `=<your token>
  go run ./cmd/casefile
or copy config.example.toml to config.toml, put the token under [discord],
and run go run ./cmd/casefile (or -config PATH).

No token at hand? See the games offline:
  go run ./cmd/casefile sim --game escape-plan --players 3 --seed 1 --out sim-out
`
