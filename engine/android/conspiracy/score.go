package conspiracy

// LineComplete reports whether every cell of l holds a piece (the
// conspiracy counts as filled).
func (p *Puzzle) LineComplete(l Line) bool {
	for _, c := range l.Cells() {
		if !p.Filled(c) {
			return false
		}
	}
	return true
}

// CompletedLines lists every complete line of the grid.
func (p *Puzzle) CompletedLines() []Line {
	var out []Line
	for l := Line(0); l < NumLines; l++ {
		if p.LineComplete(l) {
			out = append(out, l)
		}
	}
	return out
}

// CompletedBy lists the complete lines through c: called right after a
// piece went on c, they are the lines that piece completed, since each
// was open while c was empty (AN-BONUS-10/11).
func (p *Puzzle) CompletedBy(c Cell) []Line {
	var out []Line
	for l := Line(0); l < NumLines; l++ {
		on := false
		for _, lc := range l.Cells() {
			on = on || lc == c
		}
		if on && p.LineComplete(l) {
			out = append(out, l)
		}
	}
	return out
}

// The line graph: each path of each cell is a node (cell*2+path), and the
// four sides of the conspiracy are nodes of their own, never joined to
// each other, so that a line reaching the conspiracy reaches one side.
const (
	sideNode = 2 * NumCells
	numNodes = sideNode + 4
)

type unionFind [numNodes]int

func (u *unionFind) find(x int) int {
	for u[x] != x {
		u[x] = u[u[x]]
		x = u[x]
	}
	return x
}

func (u *unionFind) union(a, b int) { u[u.find(a)] = u.find(b) }

// nodeAt returns the node of the line that reaches side s of cell c, or
// false when no line reaches it.
func (p *Puzzle) nodeAt(c Cell, s Side) (int, bool) {
	if c == Centre {
		return sideNode + int(s), true
	}
	pc, rot, ok := p.PieceAt(c)
	if !ok {
		return 0, false
	}
	for i, path := range pc.Paths {
		if path.Rotate(rot).Has(s) {
			return 2*int(c) + i, true
		}
	}
	return 0, false
}

// LinkSides returns, per group, the set of conspiracy sides it is linked
// to: bit s is set when an unbroken line runs from one of the group's
// ports (or, for Haas-Bioroid and Jinteki, from their link piece on the
// grid) to side s of the conspiracy (AN-LINK-01/02). Several lines from a
// group to one side set one bit (AN-LINK-04).
func (p *Puzzle) LinkSides() [NumGroups]Edges {
	var u unionFind
	for i := range u {
		u[i] = i
	}
	// Join every pair of lines that meet across a shared edge; looking
	// east and south from each cell visits each edge once.
	for c := Cell(0); c < NumCells; c++ {
		for _, s := range [2]Side{East, South} {
			n, ok := c.Neighbor(s)
			if !ok {
				continue
			}
			a, okA := p.nodeAt(c, s)
			b, okB := p.nodeAt(n, s.Opposite())
			if okA && okB {
				u.union(a, b)
			}
		}
	}
	var reach [numNodes][NumGroups]bool
	for _, port := range Ports {
		if n, ok := p.nodeAt(port.Cell, port.Side); ok {
			reach[u.find(n)][port.Group] = true
		}
	}
	for c := Cell(0); c < NumCells; c++ {
		pc, _, ok := p.PieceAt(c)
		if !ok {
			continue
		}
		switch pc.Bonus.Kind {
		case HaasLink:
			reach[u.find(2*int(c))][HaasBioroid] = true
		case JintekiLink:
			reach[u.find(2*int(c))][Jinteki] = true
		}
	}
	var out [NumGroups]Edges
	for _, s := range Sides {
		root := u.find(sideNode + int(s))
		for g := range NumGroups {
			if reach[root][g] {
				out[g] |= Edge(s)
			}
		}
	}
	return out
}

// Links returns, per group, its number of links to the conspiracy: one
// per side of the conspiracy it reaches, so 0–4 (AN-LINK-02…04).
func (p *Puzzle) Links() [NumGroups]int {
	var out [NumGroups]int
	for g, sides := range p.LinkSides() {
		for _, s := range Sides {
			if sides.Has(s) {
				out[g]++
			}
		}
	}
	return out
}

// Holdings are what one player holds at the closing of the case that the
// puzzle's scoring reads.
type Holdings struct {
	// Favors counts the player's normal favors per rim group (Street,
	// Corp, Political, Society).
	Favors [4]int
	// NPCFavors lists each NPC favor the player holds by the favor types
	// it shows; it takes the link bonus of every type shown (AN-VP-10).
	NPCFavors [][]Group
	// Haas, Jinteki and Conspiracy count those tokens.
	Haas, Jinteki, Conspiracy int
}

// VP is the part of a player's victory points that the conspiracy decides,
// broken down so that the game adds each once: conspiracy tokens at 4
// each, Haas and Jinteki tokens at their base 3 each, and the link bonus
// (+1 per link of a group for each favor of that group, and per link of a
// corporation for each of its tokens).
type VP struct {
	Conspiracy int
	CorpTokens int
	FavorLinks int
	CorpLinks  int
	Total      int
}

// Score returns the puzzle's share of h's victory points for the links
// now on the grid (AN-BONUS-08/09/12, AN-CORP-03, AN-LINK-05, AN-VP-05…07,
// AN-VP-09/10).
func (p *Puzzle) Score(h Holdings) VP {
	return ScoreLinks(p.Links(), h)
}

// ScoreLinks is Score for a given link count per group, so that the game
// computes the links once for every player.
func ScoreLinks(links [NumGroups]int, h Holdings) VP {
	var v VP
	v.Conspiracy = ConspiracyTokenVP * h.Conspiracy
	v.CorpTokens = CorpTokenVP * (h.Haas + h.Jinteki)
	for g, n := range h.Favors {
		v.FavorLinks += LinkVP * n * links[g]
	}
	for _, npc := range h.NPCFavors {
		for _, g := range npc {
			if g >= 0 && g < HaasBioroid {
				v.FavorLinks += LinkVP * links[g]
			}
		}
	}
	v.CorpLinks = LinkVP * (h.Haas*links[HaasBioroid] + h.Jinteki*links[Jinteki])
	v.Total = v.Conspiracy + v.CorpTokens + v.FavorLinks + v.CorpLinks
	return v
}
