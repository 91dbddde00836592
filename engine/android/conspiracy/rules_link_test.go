package conspiracy

import (
	"testing"
)

// TestAN_LINK_01_UnbrokenLine checks that a link is a line that runs
// unbroken from a group's port to the conspiracy: a piece touching the
// port's cell without a line on the port's edge links nothing, and the
// line is followed through bends to whichever port it reaches.
func TestAN_LINK_01_UnbrokenLine(t *testing.T) {
	p := fresh(1)
	put(t, p, "c2", 1, 0) // line N,S from the conspiracy's north side
	put(t, p, "c1", 3, 1) // bend E,S: the line turns east under the Corp port
	if l := p.Links(); l[Corp] != 0 || l[Political] != 0 {
		t.Fatalf("links %v before the line reaches a port", l)
	}
	put(t, p, "d1", 4, 3) // bend W,N: up to the Political port on d1's north edge
	l := p.Links()
	if l[Corp] != 0 {
		t.Errorf("Corp linked without a line on its port: %v", l)
	}
	if l[Political] != 1 || p.LinkSides()[Political] != Edge(North) {
		t.Errorf("Political links %d (sides %s), want 1 on the north side", l[Political], p.LinkSides()[Political])
	}
	// A line that ends short of the conspiracy links nothing: a bridge's
	// crossing path reaches Street's port but not the conspiracy.
	q := fresh(1)
	put(t, q, "d3", 10, 0) // bridge: N–S and E–W apart; E–W meets c3's east side
	put(t, q, "d2", 2, 0)  // line N,S on the bridge's N–S path
	put(t, q, "d1", 8, 0)  // line N,S up to Political's port
	if l := q.Links(); l[Political] != 0 {
		t.Errorf("a line cut off from the conspiracy linked Political: %v", l)
	}
}

// TestAN_LINK_02_SeparateSides checks that connections to different sides
// of the conspiracy are separate links.
func TestAN_LINK_02_SeparateSides(t *testing.T) {
	p := fresh(1)
	put(t, p, "c2", 1, 0) // N,S
	put(t, p, "c1", 2, 0) // N,S to Corp's port on c1's north edge
	if l := p.Links(); l[Corp] != 1 {
		t.Fatalf("Corp links %d, want 1", l[Corp])
	}
	put(t, p, "b3", 3, 1) // bend E,S: from the conspiracy's west side down
	put(t, p, "b4", 4, 3) // bend W,N
	put(t, p, "a4", 8, 1) // line E,W to Corp's port on a4's west edge
	if l, s := p.Links(), p.LinkSides(); l[Corp] != 2 || s[Corp] != Edge(North)|Edge(West) {
		t.Errorf("Corp links %d on %s, want 2 on NW", l[Corp], s[Corp])
	}
}

// TestAN_LINK_03_04_AtMostFour checks that a group reaching all 4 sides
// has 4 links, no more, and that a second line from the group to sides it
// already reaches adds none (AN-LINK-04).
func TestAN_LINK_03_04_AtMostFour(t *testing.T) {
	p := fresh(1)
	ring(t, p)
	l := p.Links()
	if l[Street] != 4 {
		t.Fatalf("AN-LINK-03: Street links %d around the ring, want 4", l[Street])
	}
	for _, g := range []Group{Corp, Political, Society, HaasBioroid, Jinteki} {
		if l[g] != 0 {
			t.Errorf("%s linked without a port on the grid: %d", g, l[g])
		}
	}
	// A second Street line, from the port on b5's south edge up into the
	// ring's cross on b4.
	put(t, p, "b5", 2, 0)
	if l := p.Links(); l[Street] != 4 {
		t.Errorf("AN-LINK-04: a second Street line made %d links, want 4", l[Street])
	}
	if p.LinkSides()[Street] != 15 {
		t.Errorf("Street sides %s", p.LinkSides()[Street])
	}
}

// TestAN_LINK_05_VP_09_10_FavorLinks checks the link VP table (ours): each
// link to a group adds +1 VP to each favor of that group (AN-LINK-05);
// favors are worth 0 without links (AN-VP-09); an NPC favor gains the bonus
// of every type it shows (AN-VP-10).
func TestAN_LINK_05_VP_09_10_FavorLinks(t *testing.T) {
	none := [NumGroups]int{}
	h := Holdings{Favors: [4]int{3, 2, 1, 4}, NPCFavors: [][]Group{{Street, Corp}}}
	if v := ScoreLinks(none, h); v.FavorLinks != 0 || v.Total != 0 {
		t.Errorf("AN-VP-09: favors without links score %+v", v)
	}
	links := [NumGroups]int{Street: 2, Corp: 1, Society: 4}
	v := ScoreLinks(links, h)
	// Normal: Street 3×2 + Corp 2×1 + Political 0 + Society 4×4 = 24;
	// the Street/Corp NPC favor: 2 + 1 = 3.
	if v.FavorLinks != 27 || v.Total != 27 {
		t.Errorf("AN-LINK-05/AN-VP-10: favor links %+v, want 27", v)
	}
	p := fresh(1)
	ring(t, p)
	if v := p.Score(Holdings{Favors: [4]int{Street: 2}}); v.FavorLinks != 8 {
		t.Errorf("2 Street favors with 4 Street links score %+v, want 8", v)
	}
}

// TestAN_LINK_04_SameSideOnce checks that two lines from Street (from its
// ports on b1 and on e3) that both reach the conspiracy's north side make
// one link, not two.
func TestAN_LINK_04_SameSideOnce(t *testing.T) {
	p := fresh(1)
	put(t, p, "c2", 9, 1) // tee E,S,W on the north side
	put(t, p, "b2", 3, 0) // bend N,E
	put(t, p, "b1", 1, 0) // line up to Street's b1 port
	if l := p.Links(); l[Street] != 1 {
		t.Fatalf("one line: Street links %d, want 1", l[Street])
	}
	put(t, p, "d2", 4, 2) // bend S,W
	put(t, p, "d3", 7, 0) // bend N,E: blank towards the conspiracy's east side
	put(t, p, "e3", 2, 1) // line E,W out to Street's e3 port
	if l, s := p.Links(), p.LinkSides(); l[Street] != 1 || s[Street] != Edge(North) {
		t.Errorf("two lines to the north side: Street links %d on %s, want 1 on N", l[Street], s[Street])
	}
}
