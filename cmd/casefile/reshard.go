package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"casefile/commands"
	"casefile/storage"
)

// runReshard is `casefile reshard -to-count N -out DIR SOURCE.db...`: the
// databases of every shard of the old count become N new ones, each
// server's games on the shard Discord routes the server to under the new
// count. Every new database is checked before the command succeeds: row
// counts per table match the sources, and every started game loads and
// replays from its seed and log to its snapshot.
func runReshard(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd := newSubcommand("casefile reshard", "casefile reshard -to-count N -out DIR SOURCE.db [SOURCE.db ...]",
		"moves every server's games from the databases of all the current shards (stop every bot process first) into N new databases,\n"+
			"DIR/shard0.db ... DIR/shard{N-1}.db, each server on shard (server id >> 22) % N as Discord routes it; direct messages\n"+
			"and rows of no server go to shard 0, every user's settings to every shard. The sources are only read. The new databases\n"+
			"are kept only if every table's rows add up and every started game replays from its log; otherwise DIR is left as it was.", stdout, stderr)
	fs := cmd.fs
	count := fs.Int("to-count", 0, "the new shard_count (1 or more)")
	out := fs.String("out", "", "a new or empty directory for the new shard databases")
	if err := cmd.parse(args); err != nil {
		return err
	}
	switch {
	case *count < 1:
		return cmd.fail("-to-count must be the new shard count, 1 or more (got %d)", *count)
	case *out == "":
		return cmd.fail("-out must name a new or empty directory for the new databases")
	case fs.NArg() == 0:
		return cmd.fail("name the database file of every current shard, like /var/lib/casefile/shard*.db")
	}
	for _, a := range fs.Args() {
		if strings.HasPrefix(a, "-") {
			return cmd.fail("flags go before the databases: %q came after them", a)
		}
	}
	cat := Catalog()
	rep, err := storage.Reshard(ctx, storage.ReshardOptions{
		Sources: fs.Args(),
		Count:   *count,
		OutDir:  *out,
		Verify: func(ctx context.Context, shard int, db *storage.DB) error {
			_, err := commands.VerifyGames(ctx, db, cat)
			return err
		},
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "resharded %d database(s) into %d shard(s):\n", fs.NArg(), *count)
	for k, s := range rep.Shards {
		var parts []string
		for st, n := range s.Games {
			parts = append(parts, fmt.Sprintf("%d %s", n, st))
		}
		sort.Strings(parts)
		if len(parts) == 0 {
			parts = []string{"no games"}
		}
		fmt.Fprintf(stdout, "  shard %d: %s — %d server(s), games %s, %d moves\n", k, s.Path, s.Servers, strings.Join(parts, ", "), s.Moves)
	}
	fmt.Fprintln(stdout, "rows per table (sources → new shards):")
	for _, t := range rep.Tables {
		fmt.Fprintf(stdout, "  %-15s %7d → %-7d %s\n", t.Table, t.Source, t.Target, t.Rule)
	}
	for _, g := range rep.Renumbered {
		fmt.Fprintf(stdout, "game %d of %s (server %s, channel %s) is game %d on shard %d: its id was taken there\n", g.From, g.Source, g.GuildID, g.ChannelID, g.To, g.Shard)
	}
	for _, n := range rep.Notes {
		fmt.Fprintln(stdout, "note:", n)
	}
	fmt.Fprintf(stdout, "every started game loads and replays from its log. Start %d processes with shard_count = %d, process k with shard_id = k and [storage] path = the shard k file above.\n", *count, *count)
	return nil
}
