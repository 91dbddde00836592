package android

import (
	"slices"
	"strings"
	"testing"

	"casefile/engine"
)

// token finds an unused evidence token id of the given kind and value.
func token(t *testing.T, used map[int]bool, kind string, value int) int {
	t.Helper()
	for id, e := range EvidencePool {
		if !used[id] && e.Kind == kind && (kind != KindValue || e.Value == value) {
			used[id] = true
			return id
		}
	}
	t.Fatalf("no %s %d token left", kind, value)
	return -1
}

// sheet builds a suspect sheet for suspect slug with tokens per file,
// each written "+3", "-2", "sw" or "perjury".
func sheet(t *testing.T, slug string, alibis int, files map[string][]string) *SuspectSheet {
	t.Helper()
	i, ok := suspectBySlug(slug)
	if !ok {
		t.Fatal(slug)
	}
	used := map[int]bool{}
	sus := &SuspectSheet{Suspect: i, Alibis: alibis}
	for f, toks := range files {
		for _, tk := range toks {
			var id int
			switch tk {
			case "sw":
				id = token(t, used, KindWitness, 0)
			case "perjury":
				id = token(t, used, KindPerjury, 0)
			default:
				v := 0
				for _, c := range tk[1:] {
					v = v*10 + int(c-'0')
				}
				if tk[0] == '-' {
					v = -v
				}
				id = token(t, used, KindValue, v)
			}
			sus.Files[fileIndex(f)] = append(sus.Files[fileIndex(f)], Evidence{Token: id})
		}
	}
	return sus
}

// TestGuiltSteps (AN-GUILT-01…12, AN-EVID-08/09, AN-ALIBI-04/05): the
// lowest value of the strong file goes, every token of it; the highest of
// the weak file; the rest add up; perjuries pair with alibis or surprise
// witnesses to make them +5, the others count −5, in whatever file.
// Vinnie's strong file is physical, his weak file testimony.
func TestGuiltSteps(t *testing.T) {
	for _, c := range []struct {
		name   string
		alibis int
		files  map[string][]string
		want   int
	}{
		{"AN-GUILT-03 strong +1 +1 +3 keeps +3", 0, map[string][]string{Physical: {"+1", "+1", "+3"}}, 3},
		{"AN-GUILT-05 weak -2 0 0 keeps -2", 0, map[string][]string{Testimony: {"-2", "+0", "+0"}}, -2},
		{"AN-GUILT-02 lowest strong even if positive", 0, map[string][]string{Physical: {"+2", "+4"}}, 4},
		{"AN-GUILT-04 highest weak even if negative", 0, map[string][]string{Testimony: {"-1", "-3"}}, -3},
		{"AN-GUILT-06 the third file all counts", 0, map[string][]string{Document: {"+2", "-1", "+3"}}, 4},
		{"single strong token is dropped", 0, map[string][]string{Physical: {"+4"}}, 0},
		{"AN-GUILT-09 unpaired alibi -5", 1, map[string][]string{Document: {"+2"}}, -3},
		{"AN-GUILT-12 2 alibis + 1 perjury = 0", 2, map[string][]string{Document: {"perjury"}}, 0},
		{"AN-GUILT-10 paired witness +5", 0, map[string][]string{Testimony: {"sw"}, Document: {"perjury"}}, 5},
		{"AN-GUILT-08 unpaired perjury does nothing", 0, map[string][]string{Document: {"perjury", "+1"}}, 1},
		{"AN-GUILT-11 files do not matter in step 5", 1, map[string][]string{Physical: {"sw", "perjury"}}, 0},
		{"AN-EVID-08 surprise witness -5", 0, map[string][]string{Physical: {"sw", "+2", "+3"}}, -2},
	} {
		sus := sheet(t, "vinnie", c.alibis, c.files)
		if got, _ := Guilt(sus); got != c.want {
			t.Errorf("%s: guilt %d, want %d", c.name, got, c.want)
		}
	}
}

// closeWith builds a 3-player game at its close with the given sheets and
// hunches (guilty, innocent per seat) and closes it.
func closeWith(t *testing.T, sheets []*SuspectSheet, hunches [][2]string) *State {
	t.Helper()
	s := newS(t, len(hunches), 1, "1")
	s.Suspects = nil
	for _, sh := range sheets {
		s.Suspects = append(s.Suspects, *sh)
	}
	for i, h := range hunches {
		s.Dets[i].Guilty, s.Dets[i].Innocent = h[0], h[1]
	}
	var res engine.Result
	s.closeCase(&res)
	return s
}

// TestMurderer (AN-GUILT-13, AN-CLOSE-02): the highest total is the
// murderer even below zero; a dead suspect cannot be; ties go to the
// higher strong file, then to the sheet's order [ours].
func TestMurderer(t *testing.T) {
	s := closeWith(t, []*SuspectSheet{
		sheet(t, "vinnie", 1, nil),
		sheet(t, "eve", 0, map[string][]string{Testimony: {"-2"}}),
		sheet(t, "dejah", 2, nil),
		sheet(t, "mark", 3, nil),
	}, [][2]string{{"eve", "vinnie"}, {"vinnie", "eve"}, {"dejah", "mark"}})
	if s.Close.Murderer != 1 {
		t.Errorf("murderer %d, want Eve at -2", s.Close.Murderer)
	}
	dead := sheet(t, "vinnie", 0, map[string][]string{Document: {"+4"}})
	dead.Dead = true
	s = closeWith(t, []*SuspectSheet{dead, sheet(t, "eve", 0, nil), sheet(t, "dejah", 0, map[string][]string{Physical: {"+1"}}), sheet(t, "mark", 0, nil)},
		[][2]string{{"vinnie", "eve"}, {"dejah", "vinnie"}, {"eve", "mark"}})
	if s.Close.Murderer != 2 {
		t.Errorf("murderer %d, want Dejah (Vinnie is dead)", s.Close.Murderer)
	}
	// AN-HIT-07: hunches naming the dead suspect pay nothing.
	if h := s.Close.Hunches[1]; !h.GuiltyRight || h.InnocentRight {
		t.Errorf("seat 1 %+v: a dead suspect's innocent hunch paid", h)
	}
	if h := s.Close.Hunches[0]; h.GuiltyRight || !h.InnocentRight {
		t.Errorf("seat 0 %+v", h)
	}
	// Tie: Eve (strong document +1 +3 → 3) beats Mark (neutral testimony
	// +3, strong nothing).
	s = closeWith(t, []*SuspectSheet{
		sheet(t, "mark", 0, map[string][]string{Testimony: {"+3"}}),
		sheet(t, "eve", 0, map[string][]string{Document: {"+1", "+3"}}),
		sheet(t, "vinnie", 0, nil), sheet(t, "dejah", 0, nil),
	}, [][2]string{{"vinnie", "eve"}, {"dejah", "vinnie"}, {"eve", "mark"}})
	if s.Close.Murderer != 1 {
		t.Errorf("tie: murderer %d, want Eve by her strong file", s.Close.Murderer)
	}
}

// TestHunchesAndVP (AN-HUNCH-01/02, AN-VP-01/02/06/07/08/09, AN-CORP-03,
// AN-FAVOR-04): a correct guilty hunch scores 15, a correct innocent
// hunch 5; Haas and Jinteki tokens 3 each, trauma −1, favors nothing
// (there are no links yet to make them worth more).
func TestHunchesAndVP(t *testing.T) {
	sheets := []*SuspectSheet{
		sheet(t, "vinnie", 0, map[string][]string{Document: {"+4"}}),
		sheet(t, "eve", 0, nil), sheet(t, "dejah", 0, nil), sheet(t, "mark", 0, nil),
	}
	st := closeWith(t, sheets, [][2]string{{"vinnie", "eve"}, {"eve", "vinnie"}, {"dejah", "mark"}})
	if got := st.Close.Scores; !slices.Equal(got, []int{20, 0, 5}) {
		t.Errorf("scores %v, want [20 0 5]", got)
	}
	// Tokens.
	s := newS(t, 3, 1, "1")
	for i := range s.Suspects {
		s.Suspects[i] = *sheets[i]
	}
	s.Dets[0].Guilty, s.Dets[0].Innocent = "eve", "vinnie"
	s.Dets[0].Haas, s.Dets[0].Jinteki, s.Dets[0].Trauma = 2, 1, 3
	s.Dets[0].Favors[FavorCorp] = 4
	var res engine.Result
	s.closeCase(&res)
	if got := s.Close.Scores[0]; got != 3*2+3*1-3 {
		t.Errorf("tokens score %d, want 6", got)
	}
}

// TestObsession (AN-HUNCH-03…07): both hunches on one suspect; normal
// payout, unless his total leads every other by 5 or more: both right and
// +3 (23 in all); a lead of 4 gives the normal payout.
func TestObsession(t *testing.T) {
	for _, c := range []struct {
		lead []string
		want int
		id   string
	}{{[]string{"+4"}, 15, "AN-HUNCH-07"}, {[]string{"+3", "+2"}, 23, "AN-HUNCH-05/06"}} {
		// Vinnie's document file is neither strong nor weak.
		sus := sheet(t, "vinnie", 0, map[string][]string{Document: c.lead})
		s := closeWith(t, []*SuspectSheet{sus, sheet(t, "eve", 0, nil), sheet(t, "dejah", 0, nil), sheet(t, "mark", 0, nil)},
			[][2]string{{"vinnie", "vinnie"}, {"eve", "dejah"}, {"dejah", "mark"}})
		h := s.Close.Hunches[0]
		if !h.Obsessed || s.Close.Scores[0] != c.want {
			t.Errorf("%s: lead %s, %+v score %d, want %d", c.id, c.lead, h, s.Close.Scores[0], c.want)
		}
	}
	// An obsessed player whose suspect is innocent still gets 5.
	s := closeWith(t, []*SuspectSheet{sheet(t, "vinnie", 0, map[string][]string{Document: {"+3"}}), sheet(t, "eve", 0, nil), sheet(t, "dejah", 0, nil), sheet(t, "mark", 0, nil)},
		[][2]string{{"eve", "eve"}, {"vinnie", "dejah"}, {"dejah", "mark"}})
	if h := s.Close.Hunches[0]; !h.Obsessed || h.GuiltyRight || !h.InnocentRight || s.Close.Scores[0] != 5 {
		t.Errorf("AN-HUNCH-04: %+v %d", h, s.Close.Scores[0])
	}
}

// TestTies (AN-TIE-01/02): among players tied for the most VP, the only
// one with a correct guilty hunch wins; otherwise they share.
func TestTies(t *testing.T) {
	c := &Closing{Scores: []int{20, 20, 5}, Hunches: []ShownHunches{{GuiltyRight: true}, {}, {}}}
	if got := winners(c); !slices.Equal(got, []int{0}) {
		t.Errorf("AN-TIE-01: %v", got)
	}
	c = &Closing{Scores: []int{10, 10, 10}, Hunches: []ShownHunches{{}, {}, {}}}
	if got := winners(c); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("AN-TIE-02 none right: %v", got)
	}
	c = &Closing{Scores: []int{20, 20, 3}, Hunches: []ShownHunches{{GuiltyRight: true}, {GuiltyRight: true}, {}}}
	if got := winners(c); !slices.Equal(got, []int{0, 1}) {
		t.Errorf("AN-TIE-02 both right: %v", got)
	}
}

// TestCloseRevealsAll (AN-GUILT-01, AN-CLOSE-01/02): when the last day
// ends, every face-down token is turned face up, the hunches are shown in
// the public view, and the outcome names the winners and scores.
func TestCloseRevealsAll(t *testing.T) {
	s := newS(t, 3, 9, "")
	s.Suspects[0].Files[0] = []Evidence{{Token: s.EvidencePile[0], KnownTo: []engine.Seat{1}}}
	s.EvidencePile = s.EvidencePile[1:]
	endTurns(t, s, Days+1)
	if !s.Suspects[0].Files[0][0].FaceUp() {
		t.Error("a face-down token stayed face down")
	}
	o := s.Outcome()
	if o == nil || len(o.Winners) == 0 || len(o.Scores) != 3 {
		t.Fatalf("outcome %+v", o)
	}
	pub := s.View(engine.Public).(*View).State
	if pub.Close == nil || pub.Close.Hunches[0].Guilty != s.Dets[0].Guilty || pub.Close.Hunches[0].Guilty == "" {
		t.Error("the hunches are not shown at the close")
	}
	if !strings.Contains(s.View(engine.Public).Text(), s.Summary) {
		t.Error("the summary is not in the public view")
	}
	if _, err := s.Apply(0, "end turn"); err == nil {
		t.Error("a move after the close")
	}
}

// TestSurpriseWitnessInSecret (AN-ALIBI-03, AN-EVID-08): a surprise
// witness comes from the evidence pile and is placed face down like any
// token, so only its placer knows it is one; at the close it counts −5.
func TestSurpriseWitnessInSecret(t *testing.T) {
	s := quiet(newS(t, 3, 2, "1"))
	seat := s.active()
	sw := -1
	for i, id := range s.EvidencePile {
		if EvidencePool[id].Kind == KindWitness {
			sw = i
			break
		}
	}
	s.EvidencePile[0], s.EvidencePile[sw] = s.EvidencePile[sw], s.EvidencePile[0]
	place(t, s, Locations[s.Leads[0].At].Slug, 6)
	apply(t, s, seat, "follow up")
	apply(t, s, s.right(seat), legal(s, s.right(seat))[0])
	res := apply(t, s, seat, "place evidence")
	if !strings.Contains(strings.Join(res.Private[engine.Seat(seat)], " "), "surprise witness") {
		t.Fatalf("drawer not told: %v", res.Private)
	}
	res = apply(t, s, seat, "evidence "+s.Suspects[1].Def().Slug)
	for _, v := range []engine.Viewer{engine.Public, engine.Viewer(s.left(seat))} {
		if strings.Contains(s.View(v).Text(), "surprise witness") {
			t.Errorf("viewer %d sees the surprise witness", v)
		}
	}
	if strings.Contains(strings.Join(res.Public, " "), "witness") {
		t.Error("the public log names the surprise witness")
	}
	if got, _ := Guilt(&s.Suspects[1]); got != -5 {
		t.Errorf("guilt %d, want -5", got)
	}
}
