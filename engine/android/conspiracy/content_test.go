package conspiracy

import (
	"strings"
	"testing"
)

// TestPieces checks the piece table: 24 pieces with IDs 1…24, 10 shift, 8
// favor and 6 baggage, every one with a line, paths that share no edge,
// exactly one Haas-Bioroid and one Jinteki link piece ("these 2 pieces"),
// and bonus kinds that are well formed.
func TestPieces(t *testing.T) {
	var count [NumTypes]int
	var haas, jinteki int
	for i, pc := range Pieces {
		if pc.ID != i+1 {
			t.Errorf("piece %d has ID %d", i+1, pc.ID)
		}
		count[pc.Type]++
		if len(pc.Paths) == 0 || pc.Lines(0) == 0 {
			t.Errorf("piece #%d has no line", pc.ID)
		}
		var seen Edges
		for _, path := range pc.Paths {
			if path == 0 || seen&path != 0 {
				t.Errorf("piece #%d: paths overlap or are empty: %v", pc.ID, pc.Paths)
			}
			seen |= path
		}
		switch pc.Bonus.Kind {
		case HaasLink:
			haas++
		case JintekiLink:
			jinteki++
		case BonusPiece:
			if pc.Bonus.Piece < 0 || pc.Bonus.Piece >= NumTypes {
				t.Errorf("piece #%d: bonus piece of no type", pc.ID)
			}
		case MoveLead:
			if pc.Bonus.Lead < Testimony || pc.Bonus.Lead > Document {
				t.Errorf("piece #%d: move a lead of no type", pc.ID)
			}
		}
		if (pc.Bonus.Kind == HaasLink || pc.Bonus.Kind == JintekiLink) && len(pc.Paths) != 1 {
			t.Errorf("link piece #%d must have a single path", pc.ID)
		}
	}
	if count != [NumTypes]int{10, 8, 6} {
		t.Errorf("pieces by type = %v, want shift 10, favor 8, baggage 6", count)
	}
	if haas != 1 || jinteki != 1 {
		t.Errorf("Haas link pieces %d, Jinteki link pieces %d; want 1 and 1", haas, jinteki)
	}
	if NumPieces != NumCells-1 {
		t.Errorf("one piece per cell around the conspiracy: %d pieces, %d cells", NumPieces, NumCells)
	}
}

// TestAN_LINK_06_RimGroups checks the rim: 12 ports on outer edges of rim
// cells, 3 per side of the grid, 3 per group on 3 different sides, and
// only Street, Corp, Political and Society own ports (AN-LINK-06); the
// corporations have none (they are reached through their link pieces).
func TestAN_LINK_06_RimGroups(t *testing.T) {
	perGroup := map[Group]Edges{}
	var perSide [4]int
	seen := map[Port]bool{}
	for _, port := range Ports {
		if _, ok := port.Cell.Neighbor(port.Side); ok {
			t.Errorf("port %s %s is not on the rim", port.Cell, port.Side)
		}
		if port.Group != Street && port.Group != Corp && port.Group != Political && port.Group != Society {
			t.Errorf("port %s %s belongs to %s, not a rim group", port.Cell, port.Side, port.Group)
		}
		key := Port{Cell: port.Cell, Side: port.Side}
		if seen[key] {
			t.Errorf("two ports on %s %s", port.Cell, port.Side)
		}
		seen[key] = true
		if perGroup[port.Group].Has(port.Side) {
			t.Errorf("%s has two ports on the %s side", port.Group, port.Side)
		}
		perGroup[port.Group] |= Edge(port.Side)
		perSide[port.Side]++
	}
	for _, g := range RimGroups {
		if n := len(perGroup[g].String()); n != 3 {
			t.Errorf("%s has ports on %d sides, want 3", g, n)
		}
	}
	if perSide != [4]int{3, 3, 3, 3} {
		t.Errorf("ports per side %v, want 3 each", perSide)
	}
}

// TestGeometry checks cell names, neighbours, rotation and the 12 lines.
func TestGeometry(t *testing.T) {
	for c := Cell(0); c < NumCells; c++ {
		back, ok := ParseCell(c.String())
		if !ok || back != c {
			t.Errorf("cell %d: name %q reads back as %d", c, c, back)
		}
		for _, s := range Sides {
			if n, ok := c.Neighbor(s); ok {
				if m, _ := n.Neighbor(s.Opposite()); m != c {
					t.Errorf("%s %s %s: not symmetric", c, s, n)
				}
			}
		}
	}
	if Centre.String() != "c3" || cell("a1") != 0 || cell("e5") != 24 {
		t.Errorf("centre %s, a1 %d, e5 %d", Centre, cell("a1"), cell("e5"))
	}
	for _, bad := range []string{"", "f1", "a6", "a0", "c33", "3c"} {
		if _, ok := ParseCell(bad); ok {
			t.Errorf("ParseCell(%q) accepted", bad)
		}
	}
	if n, ok := cell("c2").Neighbor(South); !ok || n != Centre {
		t.Errorf("south of c2 is %s", n)
	}
	if e := (Edge(North) | Edge(East)).Rotate(1); e != Edge(East)|Edge(South) {
		t.Errorf("NE turned once = %s, want ES", e)
	}
	if e := Edge(West).Rotate(1); e != Edge(North) {
		t.Errorf("W turned once = %s, want N", e)
	}
	throughCentre := 0
	for l := Line(0); l < NumLines; l++ {
		cs := l.Cells()
		for _, c := range cs {
			if c == Centre {
				throughCentre++
			}
		}
	}
	// Row 3, column c and both diagonals pass through the conspiracy.
	if throughCentre != 4 {
		t.Errorf("%d lines pass through c3, want 4", throughCentre)
	}
	if Line(2*Size).String() != "diagonal a1–e5" || Line(0).String() != "row 1" || Line(Size+3).String() != "column d" {
		t.Errorf("line names: %s, %s, %s", Line(2*Size), Line(0), Line(Size+3))
	}
	for _, tc := range []struct {
		in   string
		want Placement
		ok   bool
	}{
		{"c4", Placement{Cell: cell("c4")}, true},
		{"C4 r90", Placement{Cell: cell("c4"), Rot: 1}, true},
		{"b2 r270", Placement{Cell: cell("b2"), Rot: 3}, true},
		{"b2 r45", Placement{}, false},
		{"z9", Placement{}, false},
	} {
		got, ok := ParsePlacement(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ParsePlacement(%q) = %v %v", tc.in, got, ok)
		}
		if ok {
			if back, _ := ParsePlacement(got.String()); back != got {
				t.Errorf("placement %v does not read back", got)
			}
		}
	}
}

// TestText checks the text drawing of the ring fixture.
func TestText(t *testing.T) {
	p := fresh(1)
	ring(t, p)
	put(t, p, "b5", 10, 0)
	want := "" +
		"  a b c d e\n" +
		"1 · │ · · ·\n" +
		"2 · ├ ┬ ┐ ·\n" +
		"3 · ├ ✱ ┤ ·\n" +
		"4 · ┼ ┴ ┘ ·\n" +
		"5 · ╬ · · ·\n"
	if got := p.Text(); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
}

// TestCheck checks that Check accepts reachable states and names what is
// wrong with broken ones.
func TestCheck(t *testing.T) {
	ok := fresh(3)
	ring(t, ok)
	pend(ok, 5)
	if err := ok.Check(); err != nil {
		t.Fatalf("a legal state refused: %v", err)
	}
	for _, tc := range []struct {
		name  string
		spoil func(p *Puzzle)
		want  string
	}{
		{"piece twice", func(p *Puzzle) { p.Discards = append(p.Discards, 1) }, "#1 is found 2 times"},
		{"piece lost", func(p *Puzzle) { p.Pending = nil }, "#5 is found 0 times"},
		{"no such piece", func(p *Puzzle) { p.Discards = append(p.Discards, 99) }, "no piece #99"},
		{"wrong pile", func(p *Puzzle) {
			p.Piles[Baggage].Pieces = append(p.Piles[Baggage].Pieces, p.Pending.Piece)
			p.Pending = nil
		}, "in the baggage pile"},
		{"on the conspiracy", func(p *Puzzle) { p.Cells[Centre] = Slot{Piece: 5}; p.Pending = nil }, "on the conspiracy"},
		{"bad rotation", func(p *Puzzle) { p.Cells[cell("c2")].Rot = 7 }, "rotation 7"},
		{"marker beside nothing", func(p *Puzzle) { p.Markers[1] = 9 }, "seat 1's marker"},
		{"pending seat", func(p *Puzzle) { p.Pending.Seat = 3 }, "seat 3 of 3"},
		{"cut off", func(p *Puzzle) { p.Cells[cell("e5")] = Slot{Piece: 5}; p.Pending = nil }, "e5 is cut off"},
		{"no line met", func(p *Puzzle) { p.Cells[cell("c1")] = Slot{Piece: 5}; p.Pending = nil }, "c1 meets no line"},
	} {
		p := reload(t, ok)
		tc.spoil(p)
		err := p.Check()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Check() = %v, want %q", tc.name, err, tc.want)
		}
	}
}
