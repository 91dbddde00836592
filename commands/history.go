package commands

import (
	"bufio"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"casefile/engine"
	"casefile/storage"
)

// Games you can look back on: /status and /log show the channel's last
// finished game until a new one opens, /history lists the channel's games
// and gives any one's whole log as a text file from which it replays,
// /games lists a person's running games on the server, /stats the
// server's record per player and game.

// loadOpenOrLast loads the channel's open game, or else its last finished
// one, so that /status and /log still answer between games. last is set
// for a finished game.
func (s *Service) loadOpenOrLast(ctx context.Context, channelID string) (t *table, last bool, err error) {
	t, err = s.loadChannel(ctx, channelID)
	if !errors.Is(err, errNoGame) {
		return t, false, err
	}
	rec, lerr := s.DB.LastClosedGame(ctx, channelID)
	if errors.Is(lerr, storage.ErrNotFound) {
		return nil, false, errNoGame
	}
	if lerr != nil {
		return nil, false, lerr
	}
	t, err = s.loadRecord(ctx, rec)
	return t, true, err
}

// closedHeader introduces a finished game shown between games.
func (t *table) closedHeader() string {
	how := "finished"
	if t.rec.Status == storage.Aborted {
		how = "aborted"
	}
	res := t.rec.Result
	if res == "" {
		res = "no result"
	}
	return fmt.Sprintf("The last game here (#%d, %s %s): %s\n", t.rec.ID, how, t.rec.UpdatedAt.UTC().Format("2 Jan 2006"), res)
}

// historyLimit bounds the games /history lists.
const historyLimit = 15

// history lists the channel's games, or, with game:<number>, gives that
// game's whole log as a transcript file.
func (s *Service) history(ctx context.Context, req Request, info *logInfo) (Response, error) {
	if v := strings.TrimSpace(strings.TrimPrefix(req.Options["game"], "#")); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return Response{}, refuse("`game:` is a game's number from `/history`, like `game:12`.")
		}
		return s.transcriptFile(ctx, req, info, id)
	}
	games, err := s.DB.ChannelHistory(ctx, req.ChannelID, historyLimit)
	if err != nil {
		return Response{}, err
	}
	if len(games) == 0 {
		return Response{Content: "No game has been played in this channel yet. Start one with `/newgame`.", Ephemeral: true}, nil
	}
	var b strings.Builder
	b.WriteString("**Games in this channel**, newest first (`/history game:<number>` gives a game's whole log as a file):\n")
	for _, g := range games {
		var who []string
		for _, r := range g.Seats {
			n := sanitize(r.Name)
			if r.Won {
				n = "🏆 " + n
			}
			who = append(who, n)
		}
		result := g.Result
		switch {
		case g.Status == storage.Active:
			result = "still running"
		case g.Status == storage.Aborted:
			result = "aborted"
		}
		fmt.Fprintf(&b, "• **#%d** %s, %s — %s — %s\n", g.ID, s.gameName(g.Game), g.CreatedAt.UTC().Format("2 Jan 2006"), strings.Join(dedupe(who), ", "), clip(result, 160))
	}
	return Response{Content: clip(b.String(), 1990), Ephemeral: true}, nil
}

// transcriptFile gives a game of this channel's whole log as a text file.
func (s *Service) transcriptFile(ctx context.Context, req Request, info *logInfo, id int64) (Response, error) {
	t, err := s.loadID(ctx, id)
	if err != nil {
		return Response{}, err
	}
	if t.rec.ChannelID != req.ChannelID {
		return Response{}, refuse("Game #%d was not played in this channel; `/history` lists this channel's games.", id)
	}
	if t.state == nil {
		return Response{}, refuse("Game #%d never started, so it has no log.", id)
	}
	info.game, info.gameID = t.def.ID, t.rec.ID
	moves, err := s.DB.Moves(ctx, t.rec.ID)
	if err != nil {
		return Response{}, err
	}
	text := t.transcript(moves)
	name := fmt.Sprintf("casefile-%s-%d.txt", t.def.ID, t.rec.ID)
	note := fmt.Sprintf("The whole log of game #%d (%s), %s.", t.rec.ID, t.def.Name, engine.Plural(len(moves), "move", "moves"))
	if t.rec.Status == storage.Active {
		note += " The game is still running, so its secret choices show only as such; once it is over the file has everything needed to replay it."
	}
	return Response{Content: note, Ephemeral: true, Files: []File{{Name: name, ContentType: "text/plain; charset=utf-8", Data: []byte(text)}}}, nil
}

// transcriptHead begins every transcript, so ParseTranscript knows one.
const transcriptHead = "Casefile transcript"

// transcript writes a game's log for people to read and for the game to
// replay from: its setup (game, seed, options, seats, the campaign it
// started from), then each move with the lines the channel saw. A running
// game's secret choices are written as such, never their text.
func (t *table) transcript(moves []storage.Move) string {
	var b strings.Builder
	over := t.rec.Status == storage.Over || t.rec.Status == storage.Aborted
	fmt.Fprintf(&b, "%s — %s, game #%d\n", transcriptHead, t.def.Name, t.rec.ID)
	fmt.Fprintf(&b, "game: %s\n", t.def.ID)
	fmt.Fprintf(&b, "seed: %d\n", t.rec.Seed)
	setup := t.setup(len(t.rec.Seats))
	fmt.Fprintf(&b, "players: %d\n", setup.Players)
	keys := make([]string, 0, len(setup.Options))
	for k := range setup.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "option: %s=%s\n", k, setup.Options[k])
	}
	for i, owner := range setup.Owners {
		name := "(empty)"
		if r := t.seatRec(engine.Seat(i)); r != nil {
			name = sanitize(r.Name)
		}
		fmt.Fprintf(&b, "seat %d: %s (owner %s)\n", i+1, name, owner)
	}
	if len(setup.Campaign) > 0 {
		fmt.Fprintf(&b, "campaign: %s\n", base64.StdEncoding.EncodeToString(setup.Campaign))
	}
	fmt.Fprintf(&b, "started: %s\n", t.rec.CreatedAt.UTC().Format(time.RFC3339))
	switch {
	case over:
		fmt.Fprintf(&b, "result: %s\n", t.rec.Result)
	default:
		b.WriteString("result: (still running)\n")
	}
	b.WriteString("\nmoves:\n")
	for _, m := range moves {
		text := m.Text
		if m.Secret && !over {
			text = secretPlaceholder
		}
		mark := ""
		if m.Undone {
			mark = " (undone)"
		}
		if m.Secret {
			mark += " (secret)"
		}
		fmt.Fprintf(&b, "%d. seat %d%s: %s\n", m.N, m.Seat+1, mark, text)
		for _, line := range strings.Split(m.Public, "\n") {
			if line != "" {
				b.WriteString("   | " + engine.ExpandSeatRefs(line, t.plainName) + "\n")
			}
		}
	}
	return b.String()
}

// secretPlaceholder stands for a running game's secret choice in its
// transcript.
const secretPlaceholder = "?"

// Transcript is what a transcript file says of a game: enough to replay it.
type Transcript struct {
	Game  string
	Setup engine.Setup
	Moves []engine.LoggedMove
}

// ParseTranscript reads a file written by /history back into a game's
// setup and live moves, for replaying it. A running game's transcript,
// whose secret choices are hidden, is refused.
func ParseTranscript(text string) (*Transcript, error) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), transcriptHead) {
		return nil, fmt.Errorf("not a Casefile transcript")
	}
	tr := &Transcript{Setup: engine.Setup{Options: map[string]string{}}}
	inMoves := false
	for sc.Scan() {
		line := sc.Text()
		if line == "moves:" {
			inMoves = true
			continue
		}
		if !inMoves {
			key, val, ok := strings.Cut(line, ": ")
			if !ok {
				continue
			}
			switch key {
			case "game":
				tr.Game = val
			case "seed":
				seed, err := strconv.ParseUint(val, 10, 64)
				if err != nil {
					return nil, fmt.Errorf("seed %q: %w", val, err)
				}
				tr.Setup.Seed = seed
			case "players":
				n, err := strconv.Atoi(val)
				if err != nil {
					return nil, fmt.Errorf("players %q: %w", val, err)
				}
				tr.Setup.Players = n
			case "option":
				k, v, _ := strings.Cut(val, "=")
				tr.Setup.Options[k] = v
			case "campaign":
				c, err := base64.StdEncoding.DecodeString(val)
				if err != nil {
					return nil, fmt.Errorf("campaign: %w", err)
				}
				tr.Setup.Campaign = c
			default:
				if strings.HasPrefix(key, "seat ") {
					i := strings.LastIndex(val, "(owner ")
					if i < 0 || !strings.HasSuffix(val, ")") {
						return nil, fmt.Errorf("seat line %q has no owner", line)
					}
					tr.Setup.Owners = append(tr.Setup.Owners, val[i+len("(owner "):len(val)-1])
				}
			}
			continue
		}
		if strings.HasPrefix(line, "   | ") || line == "" {
			continue
		}
		head, mv, ok := strings.Cut(line, ": ")
		if !ok {
			return nil, fmt.Errorf("move line %q", line)
		}
		if strings.Contains(head, "(undone)") {
			continue
		}
		if strings.Contains(head, "(secret)") && mv == secretPlaceholder {
			return nil, fmt.Errorf("the game was still running when this transcript was written: its secret choices are hidden, so it cannot be replayed")
		}
		var n, seat int
		if _, err := fmt.Sscanf(head, "%d. seat %d", &n, &seat); err != nil {
			return nil, fmt.Errorf("move line %q: %w", line, err)
		}
		tr.Moves = append(tr.Moves, engine.LoggedMove{Seat: engine.Seat(seat - 1), Text: mv})
	}
	if tr.Game == "" || tr.Setup.Players == 0 {
		return nil, fmt.Errorf("the transcript names no game or players")
	}
	return tr, sc.Err()
}

// games lists the user's running games on this server: which, where, and
// whose turn it is.
func (s *Service) games(ctx context.Context, req Request, info *logInfo) (Response, error) {
	games, err := s.DB.GuildGamesOfUser(ctx, req.GuildID, req.UserID)
	if err != nil {
		return Response{}, err
	}
	if len(games) == 0 {
		return Response{Content: "You are not playing any game on this server. `/newgame` opens one.", Ephemeral: true}, nil
	}
	var b strings.Builder
	b.WriteString("**Your games on this server:**\n")
	for _, g := range games {
		t, err := s.loadRecord(ctx, g)
		if err != nil {
			return Response{}, err
		}
		mine := ""
		for _, seat := range t.userSeats(req.UserID) {
			if t.state.Turn().Has(seat) {
				mine = " — **your move**"
			}
		}
		w := t.waitingPlain()
		if w == "" {
			w = "Nobody is asked to act."
		}
		fmt.Fprintf(&b, "• <#%s> **%s** (#%d)%s. %s\n", g.ChannelID, t.def.Name, g.ID, mine, w)
	}
	return Response{Content: clip(b.String(), 1990), Ephemeral: true}, nil
}

// stats shows the server's record: finished games played and won per
// player and game.
func (s *Service) stats(ctx context.Context, req Request, info *logInfo) (Response, error) {
	lines, err := s.DB.GuildStats(ctx, req.GuildID)
	if err != nil {
		return Response{}, err
	}
	var b strings.Builder
	if len(lines) == 0 {
		b.WriteString("No game has been finished on this server yet.\n")
	}
	b.WriteString("📊 **Casefile on this server** (finished games; aborted ones do not count)\n")
	game := ""
	for _, l := range lines {
		if l.Game != game {
			game = l.Game
			fmt.Fprintf(&b, "__%s__\n", s.gameName(game))
		}
		fmt.Fprintf(&b, "• %s — %s, %s\n", sanitize(l.Name), engine.Plural(l.Played, "game", "games"), engine.Plural(l.Won, "win", "wins"))
	}
	for _, g := range s.Catalog.All() {
		if g.DescribeCampaign == nil {
			continue
		}
		data, err := s.DB.Campaign(ctx, req.GuildID, g.ID)
		if err != nil {
			return Response{}, err
		}
		if len(data) > 0 {
			fmt.Fprintf(&b, "__%s campaign__\n%s\n", g.Name, g.DescribeCampaign(data))
		}
	}
	// Names in it are mentions written out, never pings.
	return Response{Content: clip(strings.TrimSpace(b.String()), 1990)}, nil
}
