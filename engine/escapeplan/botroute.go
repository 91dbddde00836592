package escapeplan

import (
	"slices"
)

// The bot's routes (see bot.go): every Location a Move can still end on,
// found over the same steps the rules offer, each valued for its Visit less
// the cost of the officers on the tiles left on the way.

// mpCap bounds the MP a route search tracks (Subway bonuses can raise it).
const mpCap = 9

// routeLabel is the best known way to a search state: the avoid cost of
// the officers on the tiles left, the steps, and the first move taken.
type routeLabel struct {
	risk  float64
	steps int
	first string
	set   bool
}

func (l routeLabel) better(o routeLabel) bool {
	if !o.set {
		return true
	}
	if l.risk != o.risk {
		return l.risk < o.risk
	}
	return l.steps < o.steps
}

// search finds, from node from with mp MP (sub: arrived by Subway) and
// the tiles already left, the cheapest way to every Location a Move may
// end on. first names the move that starts every route ("" = the route's
// own first step); risk0 is the cost already taken on.
func (b *brain) search(from, mp int, sub bool, first string, risk0 float64) map[int]routeLabel {
	s := b.s
	g := s.geo()
	key := func(n, mp int, sub bool) int {
		k := n*(mpCap+1)*2 + min(mp, mpCap)*2
		if sub {
			k++
		}
		return k
	}
	labels := make([]routeLabel, nodeCount()*(mpCap+1)*2)
	type st struct {
		n, mp int
		sub   bool
	}
	start := st{from, min(mp, mpCap), sub}
	labels[key(from, start.mp, sub)] = routeLabel{risk: risk0, first: first, set: true}
	queue := []st{start}
	left := b.t.Left
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		cl := labels[key(c.n, c.mp, c.sub)]
		if cl.steps >= MaxFreeSteps {
			continue
		}
		for _, e := range b.stepsFrom(c.n) {
			var nmp int
			if e.kind == "subway" {
				nmp = c.mp
			} else {
				nmp = c.mp - e.cost
				if c.sub {
					nmp++
				}
				if nmp < 0 {
					continue
				}
			}
			nl := routeLabel{risk: cl.risk, steps: cl.steps + 1, first: cl.first, set: true}
			if nl.first == "" {
				nl.first = e.kind + " " + s.NodeName(e.to)
			}
			if ft := nodeTile(c.n); ft != nodeTile(e.to) && !slices.Contains(left, ft) {
				nl.risk += b.riskOf(ft)
			}
			nk := key(e.to, nmp, e.kind == "subway")
			if nl.better(labels[nk]) {
				labels[nk] = nl
				queue = append(queue, st{e.to, min(nmp, mpCap), e.kind == "subway"})
			}
		}
	}
	out := map[int]routeLabel{}
	for k, l := range labels {
		n := k / ((mpCap + 1) * 2)
		if !l.set || !isLoc(n) || n == b.t.Start || n == from && l.first == "" || g.shut[n] {
			continue
		}
		// Equal ways are told apart by their first move, so that the
		// choice never depends on the order of a map.
		if o := out[n]; l.better(o) || !o.better(l) && l.first < o.first {
			out[n] = l
		}
	}
	return out
}

// stepsFrom lists the movement steps from node n, kept for the whole
// decision (the city does not change while the bot thinks).
func (b *brain) stepsFrom(n int) []edge {
	if b.edges == nil {
		b.edges = map[int][]edge{}
	}
	if es, ok := b.edges[n]; ok {
		return es
	}
	es := b.s.steps(n, nil)
	b.edges[n] = es
	return es
}

// stepValues is, for each first move, the best value of a Location it
// leads to with mp MP.
func (b *brain) stepValues(mp int) map[string]float64 {
	if b.routes != nil && mp == b.t.MP {
		return b.routes
	}
	out := map[string]float64{}
	for n, l := range b.search(b.p.At, mp, b.t.Subway, "", 0) {
		v := b.locValue(n) - l.risk - 0.01*float64(l.steps)
		if old, ok := out[l.first]; !ok || v > old {
			out[l.first] = v
		}
	}
	if mp == b.t.MP {
		b.routes = out
	}
	return out
}

// bestMove is the value of the best Location reachable with mp MP, or of
// stopping here.
func (b *brain) bestMove(mp int) float64 {
	if b.moveCache == nil {
		b.moveCache = map[int]float64{}
	}
	if v, ok := b.moveCache[mp]; ok {
		return v
	}
	best := never
	if isLoc(b.p.At) && b.p.At != b.t.Start && !b.s.geo().shut[b.p.At] {
		best = b.locValue(b.p.At)
	}
	for _, v := range b.stepValues(mp) {
		best = max(best, v)
	}
	b.moveCache[mp] = best
	return best
}

// gasValue: burn a Gas Can when one more MP reaches a better Location.
func (b *brain) gasValue() float64 {
	if b.t.MP >= mpCap-1 {
		return never
	}
	if gain := b.bestMove(b.t.MP+1) - b.bestMove(b.t.MP); gain > 3 {
		return b.bestMove(b.t.MP+1) + 1
	}
	return never
}

// landingValue is the best Location reachable after landing on node n with
// mp MP left (a flight or the Sewer leaves the bot's tile).
func (b *brain) landingValue(n, mp int) float64 {
	if n < 0 || mp < 0 {
		return never
	}
	best := never
	risk := b.riskOf(b.myTile())
	if isLoc(n) && n != b.t.Start && !b.s.geo().shut[n] {
		best = b.locValue(n) - risk
	}
	for to, l := range b.search(n, mp, false, "x", risk) {
		best = max(best, b.locValue(to)-l.risk)
	}
	return best
}

// flightValue values a flight of cost MP (Chopper, Helicopter: free from a
// Heliport; a Gang flight: 1 MP from a Helipad tile) that costs price,
// when it reaches a Location better than walking does.
func (b *brain) flightValue(cost int, price float64) float64 {
	best := never
	for _, e := range b.s.flyTargets(b.p, cost) {
		best = max(best, b.landingValue(e.to, b.t.MP-cost))
	}
	if best-price > b.bestMove(b.t.MP) {
		return best - price
	}
	return never
}

// waterValue is the best Move once the body of water of tile w may be
// crossed this turn (Jet Ski, Scuba Gear). It opens the water on the bot's
// own copy of the state, which it may change: nothing hidden is drawn.
func (b *brain) waterValue(w int) float64 {
	if w < 0 || b.t == nil {
		return never
	}
	saved := b.t.Water
	b.t.Water = append(slices.Clip(saved), w)
	routes, cache, edges := b.routes, b.moveCache, b.edges
	b.routes, b.moveCache, b.edges = nil, nil, nil
	v := b.bestMove(b.t.MP)
	b.t.Water = saved
	b.routes, b.moveCache, b.edges = routes, cache, edges
	return v
}

// riskOf is what the officers (and Sandra) on tile t cost the bot if it
// leaves that tile: a ready tool of the officer's colour, another avoid
// tool, or a Wound.
func (b *brain) riskOf(t int) float64 {
	if t < 0 {
		return 0
	}
	s := b.s
	r := 0.0
	for c := range OfficerColours {
		if s.Tiles[t].Officers[c] {
			r += b.officerCost(c)
		}
	}
	if s.Sandra != nil && nodeTile(s.Sandra.At) == t {
		r += min(b.officerCost(0), b.officerCost(1), b.officerCost(2))
	}
	return r
}

// officerCost is the cost of avoiding one officer of colour c.
func (b *brain) officerCost(c int) float64 {
	p := b.p
	col := OfficerColours[c]
	for _, e := range EquipmentTypes {
		if slices.Contains(e.Colours, col) && p.item("equipment", e.Name) >= 0 {
			return 2
		}
	}
	if p.asset("avoid") >= 0 || p.item("fixer", "skateboard") >= 0 || p.item("fixer", "motorcycle") >= 0 || len(p.Gang) > 0 {
		return 5
	}
	for _, name := range []string{"stunt", "fast car", "gang", "boxer", "fight", "ninja"} {
		if i := p.readyContact(name); i >= 0 && p.Money >= 3 {
			k := ContactDeck[p.Contacts[i].Card]
			if k.Effect != "boxer" || k.Colour == col {
				return 6
			}
		}
	}
	switch {
	case p.Wounds < 3:
		return 22
	case p.rightmostOpen() >= 0:
		return 45
	}
	return 300
}

// locValue is what ending a Move on Location l is worth to the bot now.
func (b *brain) locValue(l int) float64 {
	v := b.visitValue(l)
	if b.s.Round == 3 {
		if ex := b.openExit(); ex >= 0 {
			d := b.exitDist()[l]
			switch {
			case l == ex && b.p.Money+incomeValue(b.p.IncomeCubes) >= b.s.EscapeCost():
				if b.mustHeadOut() {
					return 1000
				}
				v += 30
			case b.mustHeadOut():
				return v*0.2 - 40*float64(d)
			default:
				v -= 4 * float64(d)
			}
		}
	} else if b.s.Round == 2 && b.s.TurnNo >= 2 {
		v -= 1.5 * float64(b.candidateExitDist(l))
	}
	return v
}

// visitValue is what the Visit of l gives the bot, less the Notoriety of
// being seen there.
func (b *brain) visitValue(l int) float64 {
	s, p := b.s, b.p
	v := 0.0
	switch locDef[l].Kind {
	case Business:
		v += b.businessValue(s.business(s.Locs[l].Tile))
	case SafeHouse:
		h := s.safeHouse(s.Locs[l].Tile)
		if h == nil || slices.Contains(p.Visited, h.Name) {
			return -10
		}
		v += b.cubeValue(h.Name) + 3 + 2
		if len(h.Keys) > 0 {
			v += 3
		}
		n := 0
		for _, sh := range SafeHouseTiles {
			if slices.Contains(p.Visited, sh) {
				n++
			}
		}
		if n == len(SafeHouseTiles)-1 {
			v += 6 // the set bonus
		}
	case Store:
		v += b.storeValue()
	case Church:
		v += b.contactValue() + b.unlockValue()
		if b.projected() > 0 && b.canSpend(1) {
			v += 2
		}
	case Clinic:
		v += b.contactValue() + b.unlockValue()
		if p.Wounds > 0 {
			v += 18
		}
	case Exit:
		v += b.contactValue() + float64(incomeValue(p.IncomeCubes))
		no := locDef[l].ExitNo
		if st := s.exitStack(no); st != nil && len(st.Tiles) > 0 && p.contactCount() > 1 && s.Blocked(no) {
			v += 4 + 2*float64(p.contactCount())
		}
	case Hospital:
		n := 0
		for k, c := range []int{1, 3, 6} {
			if p.Wounds > k && p.Money >= c {
				n = k + 1
			}
		}
		if n == 0 {
			return -10
		}
		v += 18*float64(n) - 3
	case Gang:
		if !b.canHire() || p.Markers == 0 || s.Locs[l].GangMembers < 2 {
			return -10
		}
		v += 11
		if len(p.Gang) == 0 {
			v += 4 // the first Gang Members: a whole tile avoided, twice
		}
	}
	others := s.playersAt(l, b.seat)
	if s.Sandra != nil && s.Sandra.At == l {
		others++
	}
	return v - 3*float64(others)
}

// businessValue is what visiting Business bs gives: a cube, a Contact
// card, maybe a set bonus; a closed one needs a Key.
func (b *brain) businessValue(bs *BusinessState) float64 {
	p := b.p
	if bs == nil || slices.Contains(p.Visited, bs.Name) {
		return -10
	}
	v := 0.0
	if bs.Closed {
		if !b.hasKey() && (p.asset("master key") < 0 || p.Money < AssetPrices[p.asset("master key")]) {
			return -10
		}
		v -= 4
	}
	v += b.cubeValue(bs.Name) + b.contactValue()
	if b.completesGroup(bs) {
		v += 6
	}
	return v
}

func (b *brain) hasKey() bool {
	for _, k := range b.p.Keys {
		if !k.Used {
			return true
		}
	}
	return false
}

// cubeValue is what a cube placed on Business or Safe House name is worth:
// $15 on an Escape Plan target (and Income at once), $4 elsewhere.
func (b *brain) cubeValue(name string) float64 {
	if b.p.IncomeCubes == 0 {
		return 0
	}
	if planValue(b.plan, name) == PlanTargetValue {
		return PlanTargetValue + float64(incomeValue(b.p.IncomeCubes-1)) + 2
	}
	return PlanOtherValue + 1
}

// contactValue is what one more Contact card is worth: the end bonus it
// adds while a space is free, plus its use.
func (b *brain) contactValue() float64 {
	if b.freeContactSpaces() == 0 {
		return 2
	}
	c := b.p.contactCount()
	gain := ContactBonus[min(c, 5)] - ContactBonus[min(max(c-1, 0), 5)]
	return float64(max(gain, 5)) + 3
}

func (b *brain) unlockValue() float64 {
	if len(b.p.locked()) > 0 {
		return 9
	}
	return 0
}

// completesGroup reports whether visiting bs completes a Business group.
func (b *brain) completesGroup(bs *BusinessState) bool {
	visited := append(slices.Clip(b.p.Visited), bs.Name)
	return b.s.groupDone(visited, bs.Group)
}

// storeValue: a Locker the bot can open, Equipment it lacks, a Gas Can.
func (b *brain) storeValue() float64 {
	p := b.p
	v := 0.0
	if p.Gas < MaxGas && b.s.Gas > 0 {
		v += 2
	}
	eq := 0
	for _, it := range p.Items {
		if it.Kind == "equipment" {
			eq++
		}
	}
	if eq < 2 && len(p.Items) < p.itemRoom() && b.canSpend(2) {
		v += 6
	}
	best := 0.0
	for ci, c := range KeyColours {
		if len(b.s.Lockers[ci].Tiles) == 0 || b.lockerSum() < LockerRequirement[c] {
			continue
		}
		ok := p.asset("master key") >= 0 && p.Money >= AssetPrices[p.asset("master key")]
		for _, k := range p.Keys {
			ok = ok || k.Colour == c && !k.Used
		}
		if ok {
			best = max(best, []float64{8, 12, 18}[ci])
		}
	}
	return v + best
}

// openExit is the Location of the unblocked Exit on day 3, or -1.
func (b *brain) openExit() int {
	if b.s.Round < 3 {
		return -1
	}
	for no := 1; no <= 3; no++ {
		if !b.s.Blocked(no) {
			return exitLoc(no)
		}
	}
	return -1
}

// exitDist is, for every node, the MP needed to walk to the open Exit
// (unreachable nodes get a large number).
func (b *brain) exitDist() []int {
	if b.distExit == nil {
		b.distExit = b.distTo(b.openExit())
	}
	return b.distExit
}

// distTo is the walking MP from every node to node to, ignoring officers.
func (b *brain) distTo(to int) []int {
	s := b.s
	total := nodeCount()
	d := make([]int, total)
	for i := range d {
		d[i] = 99
	}
	if to < 0 {
		return d
	}
	g := s.geo()
	var nodes []int
	for _, t := range g.city {
		nodes = append(nodes, tileLocs[t]...)
		for a := range tileAreas(t) {
			nodes = append(nodes, areaNode(t, a))
		}
	}
	type arc struct{ from, cost int }
	rev := make([][]arc, total)
	for _, n := range nodes {
		for _, e := range b.stepsFrom(n) {
			rev[e.to] = append(rev[e.to], arc{n, e.cost})
		}
	}
	d[to] = 0
	queue := []int{to}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, a := range rev[n] {
			if d[n]+a.cost < d[a.from] {
				d[a.from] = d[n] + a.cost
				queue = append(queue, a.from)
			}
		}
	}
	return d
}

// candidateExitDist is, late on day 2, how far l is from the nearest
// Exit that may still be the unblocked one on day 3 (in the city).
func (b *brain) candidateExitDist(l int) int {
	best := 0
	first := true
	for no := 1; no <= 3; no++ {
		ex := exitLoc(no)
		if b.s.Blocked(no) || !b.s.inCity(locTile[ex]) {
			continue
		}
		d := b.s.tileDist(locTile[l], locTile[ex])
		if first || d < best {
			best, first = d, false
		}
	}
	return best
}

// turnsLeft counts the turns the bot may still take on day 3, this one
// included: the Required turns left, and Optional ones it holds discs for.
func (b *brain) turnsLeft() int {
	s, p := b.s, b.p
	if s.TurnNo < RequiredTurns {
		return RequiredTurns - s.TurnNo + min(p.Discs, 2)
	}
	return 1 + min(p.Discs, len(TurnNames)-1-s.TurnNo)
}

// mustHeadOut reports whether, on day 3, the bot must go for the open
// Exit now to be sure to reach it: the turns it needs, plus one to
// spare, use up the turns it has.
func (b *brain) mustHeadOut() bool {
	ex := b.openExit()
	if ex < 0 || b.t == nil {
		return false
	}
	// Judged from where the Move began, so that the plan holds for the
	// whole Move.
	d := b.exitDist()[b.t.Start]
	need := 1
	if d > 3+b.p.Gas {
		need = 1 + (d-1)/3
	}
	return need+1 >= b.turnsLeft()
}

// canHire reports whether the bot may pay for a Gang: Gang Members avoid
// a whole tile, worth a little of the reserve before day 3.
func (b *brain) canHire() bool {
	if b.s.Round < 3 {
		return b.p.Money >= GangVisitCost+b.s.Round
	}
	return b.canSpend(GangVisitCost)
}
