package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"casefile/commands"
	"casefile/storage"
)

// runBackup is `casefile backup [-config PATH] DEST`: an online copy of
// the bot's database, safe while the bot runs, then checked: the copy
// opens, passes SQLite's integrity check, and every game in it loads and
// replays from its log.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	cmd := newSubcommand("casefile backup", "casefile backup [-config PATH] DEST",
		"copies the database to the new file DEST while the bot may keep running, and checks that every game in the copy loads and replays", stdout, stderr)
	fs := cmd.fs
	configPath := fs.String("config", "config.toml", "path of the TOML configuration file naming the database ([storage] path)")
	if err := cmd.parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return cmd.fail("name one destination file")
	}
	dest := fs.Arg(0)
	explicit := false
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "config" })
	cfg, err := LoadConfig(*configPath, explicit, getenv)
	if err != nil {
		return err
	}
	db, err := storage.Open(cfg.Storage.Path)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, dest); err != nil {
		return err
	}
	cp, err := storage.Open(dest)
	if err != nil {
		return fmt.Errorf("the copy %s does not open: %w", dest, err)
	}
	defer cp.Close()
	games, moves, err := cp.Counts(ctx)
	if err != nil {
		return err
	}
	replayed, err := commands.VerifyGames(ctx, cp, Catalog())
	if err != nil {
		return fmt.Errorf("the copy %s was written but a game in it does not play: %w", dest, err)
	}
	var parts []string
	for s, n := range games {
		parts = append(parts, fmt.Sprintf("%d %s", n, s))
	}
	sort.Strings(parts)
	if len(parts) == 0 {
		parts = []string{"no games"}
	}
	fmt.Fprintf(stdout, "backed up %s to %s: games %s, %d moves; %d started games load and replay from their logs\n",
		cfg.Storage.Path, dest, strings.Join(parts, ", "), moves, replayed)
	return nil
}
