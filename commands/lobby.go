package commands

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"casefile/engine"
	"casefile/storage"
)

// newGame opens a lobby in the channel, seating its author; a game for
// one player starts at once.
func (s *Service) newGame(ctx context.Context, req Request, info *logInfo) (Response, error) {
	gameID := strings.ToLower(strings.TrimSpace(req.Options["game"]))
	def, ok := s.Catalog.Get(gameID)
	if !ok {
		return Response{}, refuse("There is no game %q. Choose one of: %s.", gameID, strings.Join(s.Catalog.IDs(), ", "))
	}
	info.game = def.ID
	raw, err := engine.ParseOptions(req.Options["options"])
	if err != nil {
		return Response{}, err
	}
	opts, err := def.CheckOptions(raw)
	if err != nil {
		return Response{}, err
	}
	if c, ok := opts["clock"]; ok {
		if _, err := parseClock(c); err != nil {
			return Response{}, err
		}
	}
	seed := s.seedFor(opts)
	if opts["thread"] == "yes" {
		return s.newGameInThread(ctx, req, info, def.Name)
	}
	rec := &storage.Game{GuildID: req.GuildID, ChannelID: req.ChannelID, Game: def.ID, Options: opts, Seed: seed, AuthorID: req.UserID,
		Seats: []storage.Seat{{Seat: 0, UserID: req.UserID, Name: req.UserName}}}
	if err := s.openLobby(ctx, req, rec, "Lobby opened."); err != nil {
		if errors.Is(err, storage.ErrChannelBusy) {
			open, lerr := s.DB.OpenGame(ctx, req.ChannelID)
			if lerr == nil {
				return Response{}, refuse("This channel already has a %s of **%s**. Finish it, or `/abort` it, before starting another.", map[storage.Status]string{storage.Lobby: "lobby", storage.Active: "game"}[open.Status], s.gameName(open.Game))
			}
			return Response{}, refuse("This channel already has an open game.")
		}
		return Response{}, err
	}
	info.gameID = rec.ID
	t := &table{rec: rec, def: def}
	if want, ok := opts["players"]; ok && want == "1" {
		return s.startNow(ctx, req, info, rec.ID, fmt.Sprintf("%s opened a game of **%s** for one player.", t.nameOfUser(req.UserID), def.Name))
	}
	return s.lobbyReply(t, fmt.Sprintf("%s opened a lobby for **%s** (%s).", t.nameOfUser(req.UserID), def.Name, def.Players())), nil
}

// gameName is the name of the game with id, or the id if it is unknown.
func (s *Service) gameName(id string) string {
	if g, ok := s.Catalog.Get(id); ok {
		return g.Name
	}
	return id
}

// lobbyReply shows the lobby: who has joined, the options, and buttons.
func (s *Service) lobbyReply(t *table, headline string) Response {
	var names []string
	for _, r := range t.rec.Seats {
		names = append(names, "**"+sanitize(r.Name)+"**")
	}
	for _, r := range lobbyBots(t.rec.Options) {
		names = append(names, "**"+r.Name+"** (bot)")
	}
	var b strings.Builder
	b.WriteString(headline)
	fmt.Fprintf(&b, "\nSeated (%d/%d): %s.", len(names), t.def.MaxPlayers, strings.Join(names, ", "))
	var opts []string
	for k, v := range t.rec.Options {
		opts = append(opts, k+"="+v)
	}
	if len(opts) > 0 {
		sort.Strings(opts)
		fmt.Fprintf(&b, "\nOptions: %s.", strings.Join(opts, " "))
	}
	if want, ok := t.rec.Options["players"]; ok {
		fmt.Fprintf(&b, "\nThe game starts by itself when %s players have joined.", want)
	} else {
		fmt.Fprintf(&b, "\n`/join` to take a seat; <@%s> starts with `/start` once %s in.", t.rec.AuthorID, rangeMin(t.def))
	}
	id := strconv.FormatInt(t.rec.ID, 10)
	return Response{Content: b.String(), Buttons: []ButtonSpec{
		{Label: "Join", CustomID: "lobby/join/" + id, Style: "primary"},
		{Label: "Leave", CustomID: "lobby/leave/" + id, Style: "secondary"},
		{Label: "Start", CustomID: "lobby/start/" + id, Style: "success"},
	}}
}

// lobbyBots are the bots a lobby's options seat (bots=N), after the
// people, each played by the game's bot from the first move.
func lobbyBots(options map[string]string) []storage.Seat {
	var out []storage.Seat
	for i := 1; i <= engine.BotCount(options); i++ {
		out = append(out, storage.BotSeat(i))
	}
	return out
}

// rangeMin says how many people a lobby needs before /start.
func rangeMin(g *engine.Game) string {
	if g.Seats != nil || g.MinPlayers == 1 {
		return "at least one player is"
	}
	return fmt.Sprintf("%d players are", g.MinPlayers)
}

// startHint says who starts a lobby's game.
func startHint(t *table) string {
	return fmt.Sprintf("<@%s> starts it with `/start`.", t.rec.AuthorID)
}

// onOpenGame adapts a lobby handler, which buttons reach with the game's
// id, to its slash command, which acts on the channel's open game.
func onOpenGame(run func(s *Service, ctx context.Context, req Request, info *logInfo, id int64) (Response, error)) func(*Service, context.Context, Request, *logInfo) (Response, error) {
	return func(s *Service, ctx context.Context, req Request, info *logInfo) (Response, error) {
		rec, err := s.DB.OpenGame(ctx, req.ChannelID)
		if errors.Is(err, storage.ErrNotFound) {
			return Response{}, errNoGame
		}
		if err != nil {
			return Response{}, err
		}
		return run(s, ctx, req, info, rec.ID)
	}
}

// joinGame seats the user in the lobby, or gives a returning player their
// seats back from the stand-in; a lobby that waits for a number of
// players starts when the last one joins.
func (s *Service) joinGame(ctx context.Context, req Request, info *logInfo, id int64) (Response, error) {
	var start bool
	resp, err := s.update(ctx, req, s.idLoader(ctx, id), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.ChannelID != req.ChannelID {
			return storage.Change{}, Response{}, refuse("That lobby is in another channel.")
		}
		switch t.rec.Status {
		case storage.Active:
			return s.returnToSeat(ctx, t, req)
		case storage.Lobby:
		default:
			return storage.Change{}, Response{}, refuse("That game is finished. Start a new one with `/newgame`.")
		}
		if len(t.rec.SeatsOf(req.UserID)) > 0 {
			return storage.Change{}, Response{}, refuse("You are already seated in this lobby. Waiting for %s to `/start`.", "<@"+t.rec.AuthorID+">")
		}
		max := t.def.MaxPlayers - engine.BotCount(t.rec.Options)
		if want, ok := t.rec.Options["players"]; ok {
			max, _ = strconv.Atoi(want)
		}
		if len(t.rec.Seats) >= max {
			return storage.Change{}, Response{}, refuse("This lobby is full (%s). Wait for the next game.", engine.Plural(max, "player", "players"))
		}
		seats := append(append([]storage.Seat(nil), t.rec.Seats...), storage.Seat{Seat: len(t.rec.Seats), UserID: req.UserID, Name: req.UserName})
		t.rec.Seats = seats
		if want, ok := t.rec.Options["players"]; ok && strconv.Itoa(len(seats)) == want {
			start = true
		}
		return storage.Change{Seats: seats}, s.lobbyReply(t, fmt.Sprintf("%s joins.", t.nameOfUser(req.UserID))), nil
	})
	if err != nil || !start {
		return resp, err
	}
	// The game starts by itself: nobody's permission to start is asked.
	return s.startNow(ctx, Request{ID: req.ID, ChannelID: req.ChannelID, GuildID: req.GuildID, ManageChannels: true}, info, id, resp.Content)
}

// leaveGame takes the user out of the lobby, and closes a lobby left
// empty.
func (s *Service) leaveGame(ctx context.Context, req Request, info *logInfo, id int64) (Response, error) {
	return s.update(ctx, req, s.idLoader(ctx, id), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status == storage.Active {
			return storage.Change{}, Response{}, refuse("The game has started. To give up your seat use `/resign`; to step away for a while use `/away`.")
		}
		if t.rec.Status != storage.Lobby {
			return storage.Change{}, Response{}, refuse("That game is finished.")
		}
		if len(t.rec.SeatsOf(req.UserID)) == 0 {
			return storage.Change{}, Response{}, refuse("You are not in this lobby.")
		}
		name := t.nameOfUser(req.UserID)
		var seats []storage.Seat
		for _, r := range t.rec.Seats {
			if r.UserID != req.UserID {
				r.Seat = len(seats)
				seats = append(seats, r)
			}
		}
		if len(seats) == 0 {
			return storage.Change{Status: storage.Aborted, Result: "lobby closed: everyone left", Seats: []storage.Seat{}},
				Response{Content: fmt.Sprintf("%s leaves. The lobby is empty and closed; the channel is free for `/newgame`.", name)}, nil
		}
		t.rec.Seats = seats
		return storage.Change{Seats: seats}, s.lobbyReply(t, name+" leaves."), nil
	})
}

// startGame deals the game: seats from the lobby, the engine's setup from
// the stored seed and options, and the first board and private views.
func (s *Service) startGame(ctx context.Context, req Request, info *logInfo, id int64) (Response, error) {
	if missing, err := s.unreachable(ctx, req, id); err != nil {
		return Response{}, err
	} else if missing.len() > 0 {
		return missing.lobbyNotice(), nil
	}
	return s.update(ctx, req, s.idLoader(ctx, id), func(t *table) (storage.Change, Response, error) {
		info.game, info.gameID = t.def.ID, t.rec.ID
		if t.rec.Status == storage.Active {
			return storage.Change{}, Response{}, refuse("The game has already started. `/status` shows the board.")
		}
		if t.rec.Status != storage.Lobby {
			return storage.Change{}, Response{}, refuse("That game is finished. Start a new one with `/newgame`.")
		}
		if req.UserID != "" && req.UserID != t.rec.AuthorID && !req.ManageChannels {
			return storage.Change{}, Response{}, refuse("Only <@%s>, who opened the lobby, (or someone with Manage Channels) can start the game.", t.rec.AuthorID)
		}
		if want, ok := t.rec.Options["players"]; ok && strconv.Itoa(len(t.rec.Seats)) != want {
			return storage.Change{}, Response{}, refuse("This lobby waits for %s players and has %d; it starts by itself when the last one joins.", want, len(t.rec.Seats))
		}
		table := append(append([]storage.Seat(nil), t.rec.Seats...), lobbyBots(t.rec.Options)...)
		people := len(table)
		n, err := t.def.SeatCount(people, t.rec.Options)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		seats := make([]storage.Seat, n)
		for i := range seats {
			from := table[i%people]
			seats[i] = storage.Seat{Seat: i, UserID: from.UserID, Name: from.Name, StandIn: from.Bot()}
		}
		campaign, err := s.DB.Campaign(ctx, t.rec.GuildID, t.def.ID)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		t.rec.Seats = seats
		t.rec.StartCampaign = campaign
		st, err := t.def.New(t.setup(n))
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		t.state = st
		// The bots act at once: a bot's first move never waits for a person.
		bots, notes, err := s.runStandIns(t, 0)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		snap, err := st.Marshal()
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		var who []string
		for _, r := range seats {
			who = append(who, t.name(engine.Seat(r.Seat)))
		}
		var b strings.Builder
		fmt.Fprintf(&b, "**%s** begins! Seats: %s. (seed %d)", t.def.Name, strings.Join(who, ", "), t.rec.Seed)
		if sl, ok := st.(engine.SetupLogger); ok {
			for _, line := range collapseRepeats(sl.SetupLog()) {
				b.WriteString("\n" + t.expand(line))
			}
		}
		var moves []storage.Move
		for _, m := range bots {
			moves = append(moves, m.move)
			for _, line := range m.res.Public {
				b.WriteString("\n" + t.expand(line))
			}
		}
		resp := Response{}
		line, ids := t.waiting()
		if line != "" {
			b.WriteString("\n" + line)
		}
		resp.Content, resp.Mentions = clip(b.String(), 1990), ids
		t.shows = &shows{board: true, caption: "🗺️ The board at the start.", everyone: true}
		ch := storage.Change{Status: storage.Active, Snapshot: snap, Seats: seats, StartCampaign: campaign, BoardDigest: publicDigest(st), Moves: moves, Notes: notes}
		ch.Deadlines, err = s.deadlinesFor(ctx, t)
		if err != nil {
			return storage.Change{}, Response{}, err
		}
		return ch, resp, nil
	})
}

// completeNewGame offers the catalogue's games and the chosen game's
// options as they are typed.
func (s *Service) completeNewGame(ctx context.Context, req Request) (Response, error) {
	typed := strings.ToLower(strings.TrimSpace(req.Options[req.Focused]))
	switch req.Focused {
	case "game":
		var out []Choice
		for _, g := range s.Catalog.All() {
			if strings.Contains(strings.ToLower(g.ID+" "+g.Name), typed) {
				out = append(out, Choice{Name: fmt.Sprintf("%s (%s)", g.Name, g.Players()), Value: g.ID})
			}
		}
		return Response{Choices: out}, nil
	case "options":
		return Response{Choices: optionChoices(s.Catalog, req.Options["game"], req.Options["options"])}, nil
	}
	return Response{}, nil
}

// optionChoices suggests completions of the options text: the typed words
// so far, followed by each option value of the chosen game not given yet.
func optionChoices(c *engine.Catalog, gameID, typed string) []Choice {
	g, ok := c.Get(gameID)
	if !ok {
		return []Choice{}
	}
	words := strings.Fields(typed)
	last := ""
	if len(words) > 0 && !strings.HasSuffix(typed, " ") {
		last = strings.ToLower(words[len(words)-1])
		words = words[:len(words)-1]
	}
	given := map[string]bool{}
	for _, w := range words {
		k, _, _ := strings.Cut(w, "=")
		given[strings.ToLower(k)] = true
	}
	base := strings.Join(words, " ")
	if base != "" {
		base += " "
	}
	var out []Choice
	for _, o := range append(append([]engine.Option(nil), g.Options...), engine.PlatformOptions...) {
		if given[o.Key] {
			continue
		}
		vals := o.Values
		if len(vals) == 0 {
			switch o.Key {
			case "seed":
				vals = []string{"42"}
			case "clock":
				vals = []string{"24h", "12h", "2d", "off"}
			case "players":
				for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
					vals = append(vals, strconv.Itoa(n))
				}
			}
		}
		for _, v := range vals {
			w := o.Key + "=" + v
			if last == "" || strings.HasPrefix(w, last) {
				out = append(out, Choice{Name: clip(base+w, 100), Value: clip(base+w, 100)})
				if len(out) == 25 {
					return out
				}
			}
		}
	}
	return out
}

// unreachableDMs are the players of a lobby whom the first DM of a
// hidden-role game did not reach, with what the lobby tells them.
type unreachableDMs struct {
	users  []string
	game   string
	author string
}

// unreachable sends every player of a lobby whose game deals hidden roles
// the same first private message, before anything is dealt, and lists
// those it did not reach. Everyone gets one, good and bad roles alike, so
// naming who must open their DMs reveals nothing. It checks nothing when
// the start would be refused anyway, so a /start by someone else cannot
// make the bot message the lobby.
func (s *Service) unreachable(ctx context.Context, req Request, id int64) (unreachableDMs, error) {
	if s.Reach == nil {
		return unreachableDMs{}, nil
	}
	t, err := s.loadID(ctx, id)
	if err != nil {
		return unreachableDMs{}, err
	}
	if t.rec.Status != storage.Lobby || !t.def.DealsHiddenRoles(t.rec.Options) ||
		req.UserID != "" && req.UserID != t.rec.AuthorID && !req.ManageChannels {
		return unreachableDMs{}, nil
	}
	out := unreachableDMs{game: t.def.Name, author: t.rec.AuthorID}
	seen := map[string]bool{}
	for _, r := range t.rec.Seats {
		if seen[r.UserID] || r.Bot() {
			continue
		}
		seen[r.UserID] = true
		msg := fmt.Sprintf("You are seated in **%s** in <#%s>. This game deals secret roles: yours arrives here, in this conversation, when the game starts.", t.def.Name, t.rec.ChannelID)
		if err := s.Reach.ReachByDM(ctx, r.UserID, msg); err != nil {
			s.Log.Warn("first DM of a hidden-role game not delivered", "game_id", t.rec.ID, "user", r.UserID)
			out.users = append(out.users, r.UserID)
		}
	}
	return out, nil
}

func (u unreachableDMs) len() int { return len(u.users) }

// lobbyNotice tells the lobby, publicly, who must open their DMs; the
// game is not dealt until everyone can receive their secret.
func (u unreachableDMs) lobbyNotice() Response {
	var who []string
	for _, id := range u.users {
		who = append(who, "<@"+id+">")
	}
	return Response{Content: fmt.Sprintf("**%s** deals secret roles, so every player must be able to receive direct messages from me before I deal. I could not reach %s: open this server's **Privacy Settings** and allow **Direct Messages**, then <@%s> can `/start` again. Nothing was dealt.",
		u.game, strings.Join(who, ", "), u.author), Mentions: u.users}
}

// playAgainButton opens a new lobby with a finished game's players and
// options; it rides on the Game over message.
func playAgainButton(gameID int64) ButtonSpec {
	return ButtonSpec{Label: "Play again", CustomID: fmt.Sprintf("lobby/again/%d", gameID), Style: "success"}
}

// playAgain opens a lobby in the finished game's channel with its players
// seated in the same order and its options, but a new seed (a seed given
// by hand is kept: the table asked for that game). The clicker, who must
// have played, is its author; when the options name the number of
// players and all are seated, the game starts at once.
func (s *Service) playAgain(ctx context.Context, req Request, info *logInfo, id int64) (Response, error) {
	old, err := s.loadID(ctx, id)
	if err != nil {
		return Response{}, err
	}
	if err := inChannel(req, old); err != nil {
		return Response{}, err
	}
	info.game = old.def.ID
	if old.rec.Status != storage.Over && old.rec.Status != storage.Aborted {
		return Response{}, refuse("That game is not over yet.")
	}
	if len(old.rec.SeatsOf(req.UserID)) == 0 {
		return Response{}, refuse("Only the players of that game can start it again; anyone can open a new one with `/newgame`.")
	}
	opts := map[string]string{}
	for k, v := range old.rec.Options {
		opts[k] = v
	}
	seed := s.seedFor(opts)
	rec := &storage.Game{GuildID: old.rec.GuildID, ChannelID: old.rec.ChannelID, Game: old.def.ID, Options: opts, Seed: seed, AuthorID: req.UserID}
	seen := map[string]bool{}
	for _, r := range old.rec.Seats {
		if seen[r.UserID] || r.UserID == "" || r.Bot() {
			continue
		}
		seen[r.UserID] = true
		rec.Seats = append(rec.Seats, storage.Seat{Seat: len(rec.Seats), UserID: r.UserID, Name: r.Name})
	}
	if err := s.openLobby(ctx, req, rec, "Lobby opened again."); err != nil {
		if errors.Is(err, storage.ErrChannelBusy) {
			return Response{}, refuse("This channel already has an open game. Finish it, or `/abort` it, first.")
		}
		return Response{}, err
	}
	info.gameID = rec.ID
	t := &table{rec: rec, def: old.def}
	var who []string
	for _, r := range rec.Seats {
		who = append(who, "<@"+r.UserID+">")
	}
	msg := fmt.Sprintf("%s opened **%s** again with the same players (%s) and options.", t.nameOfUser(req.UserID), old.def.Name, strings.Join(who, ", "))
	if want, ok := opts["players"]; ok && strconv.Itoa(len(rec.Seats)) == want {
		return s.startNow(ctx, req, info, rec.ID, msg)
	}
	resp := s.lobbyReply(t, msg)
	resp.Mentions = nil
	for _, r := range rec.Seats {
		if r.UserID != req.UserID {
			resp.Mentions = append(resp.Mentions, r.UserID)
		}
	}
	return resp, nil
}

// newGameInThread answers /newgame with thread=yes: it starts a thread in
// the channel and opens the lobby there, as if /newgame (without the
// thread option) had been used in the thread, and tells the channel where
// the game is.
func (s *Service) newGameInThread(ctx context.Context, req Request, info *logInfo, name string) (Response, error) {
	if s.Threads == nil {
		return Response{}, refuse("Threads are not available here; open the game with `thread=no` or without the option.")
	}
	if _, err := s.DB.OpenGame(ctx, req.ChannelID); err == nil {
		// A thread does not need the channel free, but a game the
		// channel is playing deserves no rival announcement under it.
		return Response{}, refuse("This channel has an open game; finish it, or start the new one from another channel.")
	}
	// The thread is made once per interaction: a redelivered /newgame
	// must not start a second one.
	if resp, done, err := s.once(ctx, req); done {
		return resp, err
	}
	thread, err := s.Threads.StartThread(ctx, req.ChannelID, clip(fmt.Sprintf("%s — %s", name, req.UserName), 100))
	if err != nil {
		s.Log.Warn("starting a game thread", "channel", req.ChannelID, "error", err)
		return Response{}, refuse("I could not start a thread here (I need the Create Public Threads and Send Messages in Threads permissions). Nothing was opened; try `thread=no`.")
	}
	inner := req
	inner.ChannelID = thread
	inner.ID = req.ID + "/thread"
	opts, _ := engine.ParseOptions(req.Options["options"])
	delete(opts, "thread")
	var words []string
	for k, v := range opts {
		words = append(words, k+"="+v)
	}
	sort.Strings(words)
	inner.Options = map[string]string{"game": req.Options["game"], "options": strings.Join(words, " ")}
	lobby, err := s.newGame(ctx, inner, info)
	if err != nil {
		return Response{}, err
	}
	lobby.Posts = append([]Post{{ChannelID: thread, Content: lobby.Content, Buttons: lobby.Buttons, Files: lobby.Files, Mentions: lobby.Mentions}}, lobby.Posts...)
	return Response{Content: fmt.Sprintf("%s opened **%s** in its own thread: <#%s>. Join there.", "<@"+req.UserID+">", name, thread), Posts: lobby.Posts, DMs: lobby.DMs}, nil
}

// seedFor is the seed a new game is dealt from: the table's seed= option
// when given, else a fresh one.
func (s *Service) seedFor(opts map[string]string) uint64 {
	if v, ok := opts["seed"]; ok {
		seed, _ := strconv.ParseUint(v, 10, 64)
		return seed
	}
	return s.Seed()
}

// openLobby stores a new lobby with its expiry deadline (the row survives
// restarts; the lobby expires if nobody starts it), recording req as
// handled with reply. rec.Version is the stored version afterwards.
func (s *Service) openLobby(ctx context.Context, req Request, rec *storage.Game, reply string) error {
	if err := s.DB.CreateLobby(ctx, rec); err != nil {
		return err
	}
	_, err := s.DB.Commit(ctx, storage.Change{GameID: rec.ID, Version: rec.Version, Interaction: req.ID, Reply: reply,
		Deadlines: []storage.Deadline{{Seat: -1, Kind: kindLobby, DueAt: s.Now().Add(s.Settings.LobbyTTL)}}})
	if err != nil {
		return err
	}
	rec.Version++
	return nil
}

// startNow deals lobby id in the same command that filled it, the reply
// beginning with headline. The command's own commit recorded req's
// interaction, so the start is a second change with an id of its own.
func (s *Service) startNow(ctx context.Context, req Request, info *logInfo, id int64, headline string) (Response, error) {
	start := req
	start.ID = req.ID + "/start"
	started, err := s.startGame(ctx, start, info, id)
	if err != nil {
		return Response{}, err
	}
	started.Content = headline + "\n\n" + started.Content
	return started, nil
}
