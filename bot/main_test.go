package bot

import (
	"flag"
	"os"
	"testing"
)

// TestMain raises test parallelism unless -parallel was given: each test
// spends about a second in discordgo's Session.Close, which sleeps while
// waiting for the server to close the websocket, so the tests wait far
// more than they compute and GOMAXPROCS-wide parallelism would serialize
// those sleeps.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		flag.Set("test.parallel", "8")
	}
	os.Exit(m.Run())
}
