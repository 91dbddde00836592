package commands

import (
	"testing"

	"casefile/engine"
	"casefile/engine/android"
	"casefile/engine/policeprecinct"
	"casefile/storage"
)

// TestWaitsIsWhetherWaitingNamesAnyone: the picker's button is offered
// when the announcement names someone, which waits tells without
// writing it; over random games of Police Precinct (one seat at a time)
// and Android (reaction windows of several seats), with a seat held by
// a stand-in, one by a bot and one held by nobody, waits is true exactly
// when waiting writes a line.
func TestWaitsIsWhetherWaitingNamesAnyone(t *testing.T) {
	for _, def := range []*engine.Game{policeprecinct.Game(), android.Game()} {
		players := 4
		st, err := def.New(engine.Setup{Players: players, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		tb := &table{rec: &storage.Game{ID: 1, ChannelID: "c1", Seats: []storage.Seat{
			{Seat: 0, UserID: "u0", Name: "Ann"},
			{Seat: 1, UserID: "u1", Name: "Bo", StandIn: true},
			storage.BotSeat(2),
		}}, def: def, state: st}
		tb.rec.Seats[2].Seat = 2
		r := engine.NewRand(7)
		named, unnamed := 0, 0
		for step := 0; step < 300; step++ {
			line, _ := tb.waiting()
			if tb.waits() != (line != "") {
				t.Fatalf("%s step %d: waits says %v, waiting wrote %q (turn %v)", def.ID, step, tb.waits(), line, st.Turn().Seats)
			}
			if line != "" {
				named++
			} else {
				unnamed++
			}
			seat, mv, ok := engine.RandomMove(st, r)
			if !ok {
				break
			}
			if _, _, err := engine.Play(st, seat, mv); err != nil {
				t.Fatal(err)
			}
		}
		if named == 0 || unnamed == 0 {
			t.Fatalf("%s: %d turns named someone, %d nobody: the test proves nothing", def.ID, named, unnamed)
		}
	}
}
