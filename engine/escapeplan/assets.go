package escapeplan

import (
	"casefile/engine"
)

// Asset tiles (EP-UNLOCK-*, EP-ASSET-*): unlocking and using them.

func (p *Player) asset(name string) int {
	for i, a := range p.Assets {
		if a.Asset == name && !a.Used {
			return i
		}
	}
	return -1
}

func (p *Player) locked() []string {
	return append(append([]string(nil), p.TopRow...), p.BottomRow...)
}

// unlockAsset moves an Asset tile to the most expensive empty Asset space,
// or discards it when none is empty (EP-UNLOCK-01..03).
func (s *State) unlockAsset(p *Player, name string, res *engine.Result) {
	p.TopRow = remove(p.TopRow, name)
	p.BottomRow = remove(p.BottomRow, name)
	for i := range p.Assets {
		if p.Assets[i].Asset == "" {
			p.Assets[i].Asset = name
			res.Say("%s unlocks the %s Asset tile ($%d space).", who(p.Seat), name, AssetPrices[i])
			return
		}
	}
	s.AssetBox = append(s.AssetBox, name)
	res.Say("%s has no empty Asset space: the %s Asset tile leaves the game.", who(p.Seat), name)
}

func (s *State) useAsset(p *Player, i int, res *engine.Result) {
	s.pay(&p.Money, AssetPrices[i])
	p.Assets[i].Used = true
	res.Say("%s uses the %s Asset tile ($%d).", who(p.Seat), p.Assets[i].Asset, AssetPrices[i])
}

func remove(xs []string, x string) []string {
	for i, v := range xs {
		if v == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}

// unlockMoves lists the Asset tiles to unlock, and pass when unlocking
// is optional (EP-UNLOCK-01..03, EP-INCOME-03).
func (s *State) unlockMoves(seat int, p *Player, t *Detail, ms *engine.Moves) {
	// EP-INCOME-03: at Income, an unlock costs $3.
	pay := engine.Require(t.Reason != "income" || p.Money >= 3, "Unlocking an Asset tile at Income costs $3")
	for _, a := range p.locked() {
		a := a
		ms.Add("unlock "+a, pay, func(res *engine.Result) {
			if t.Reason == "income" {
				s.pay(&p.Money, 3)
				res.Say("%s pays $3 to unlock an Asset tile.", who(seat))
			}
			s.unlockAsset(p, a, res)
			s.Pending.Top().Data.N--
			if s.Pending.Top().Data.N <= 0 {
				s.Pending.Pop()
			}
		})
	}
	if t.Optional && ms.Len() > 0 {
		ms.Legal("pass", func(res *engine.Result) { s.Pending.Pop() })
	}
}
