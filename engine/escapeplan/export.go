package escapeplan

// Helpers for renderers and tests: read-only questions about the board.

// NodeTile is the tile a node lies on (-1 for off the board).
func NodeTile(n int) int { return nodeTile(n) }

// IsLocation reports whether node n is a Location (not a Land space).
func IsLocation(n int) bool { return isLoc(n) }

// TileLocations lists the Location nodes of tile t.
func TileLocations(t int) []int { return tileLocs[t] }

// Location is the printed definition of Location l.
func Location(l int) LocDef { return locDef[l] }

// ExitName names Exit no (1..3).
func ExitName(no int) string { return exitName(no) }

// IncomeValue is the Income of a track with cubesLeft cubes on it.
func IncomeValue(cubesLeft int) int { return incomeValue(cubesLeft) }

// PlanByTitle finds an Escape Plan card by its title.
func PlanByTitle(title string) EscapePlan { return planByTitle(title) }

// NotorietyOf is the Notoriety track position of a seat or SandraActor.
func (s *State) NotorietyOf(actor int) int { return s.notoriety(actor) }

// ContactCount is the number of Contact cards on a Player Board.
func (p *Player) ContactCount() int { return p.contactCount() }

// Locked lists the Asset tiles still locked on a Player Board.
func (p *Player) Locked() []string { return p.locked() }

// EscapeCost is what the next player to escape would pay.
func (s *State) EscapeCost() int {
	c := EscapeCosts[s.Side]
	return c[min(s.Escaped, len(c)-1)]
}

// SlotNeighbours lists the grid slots next to slot.
func SlotNeighbours(slot int) []int { return slotNbrs[slot] }

// ContactAsset is the locked Asset tile lying on Contact card space i of a
// Player Board (0 = left-most), or "" (a card, a Handcuffs card or nothing
// is there: see Contacts[i]).
func (p *Player) ContactAsset(i int) string { return p.contactAsset(i) }

// ItemAsset is the locked Asset tile lying on Item space i of a Player Board
// (0 = left-most), or ""; Items[i], when present, lies on space i.
func (p *Player) ItemAsset(i int) string { return p.itemAsset(i) }

// LandAreas lists the nodes of tile t's Land areas, main area first; a
// pawn on a Land space stands on one of them (NodeTile gives the tile).
func LandAreas(t int) []int {
	var out []int
	for a := range tileAreas(t) {
		out = append(out, areaNode(t, a))
	}
	return out
}

// NodeLand is the Land type of node n: a Land area's, or for a Location
// that of the area it opens onto.
func NodeLand(n int) string { return nodeLand(n) }

// SideLand is the Land type along side d of tile t (0 north, then
// clockwise: north-east, south-east, south, south-west, north-west), for
// drawing a tile's Land areas.
func SideLand(t, d int) string { return tileAreas(t)[sideArea(t, d)] }
