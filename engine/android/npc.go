package android

import (
	"fmt"
	"strings"

	"casefile/engine"
	"casefile/engine/android/conspiracy"
)

// NPCs and NPC favors (AN-NPC-01…04, AN-FAVOR-05…07). Each detective's
// NPCs are the rules'; one of them grants favors to that detective only
// [ours: which one, and the two types its tokens show], from a pile of 3
// [study]. An NPC favor pays a cost as any one type it shows and still
// counts as one favor; at the close it takes the link bonus of every type
// it shows. An eliminated NPC's marker turns to its skull; his detective
// discards the NPC's favors he holds, can gain none again, and takes a
// trauma counter [ours: the rules leave what gives trauma to the cards].

// NPCFavorsPerNPC is the pile of favors of each favor-granting NPC
// [study].
const NPCFavorsPerNPC = 3

// NPCDef is an NPC who grants favors: his detective and the favor types
// his tokens show.
type NPCDef struct {
	Name      string
	Detective string
	Types     []string
}

// FavorNPCs are the favor-granting NPCs, one per detective [ours; Chairman
// Hiro, whose tokens "have no use" [A3], grants none].
var FavorNPCs = []NPCDef{
	{Name: "The Sisters", Detective: "caprice", Types: []string{FavorSociety, FavorStreet}},
	{Name: "Father Michael Simmons", Detective: "floyd", Types: []string{FavorSociety, FavorPolitical}},
	{Name: "Mr. Li", Detective: "louis", Types: []string{FavorStreet, FavorCorp}},
	{Name: "Capt. Beckmann", Detective: "rachel", Types: []string{FavorPolitical, FavorStreet}},
	{Name: "Kate", Detective: "raymond", Types: []string{FavorSociety, FavorCorp}},
}

// NPCState is a favor-granting NPC in play: his favors in his pile, held
// by his detective, and discarded after his elimination.
type NPCState struct {
	// NPC indexes FavorNPCs; Seat is his detective's seat.
	NPC       int  `json:"npc"`
	Seat      int  `json:"seat"`
	Pile      int  `json:"pile"`
	Held      int  `json:"held,omitempty"`
	Discarded int  `json:"discarded,omitempty"`
	Dead      bool `json:"dead,omitempty"`
}

// Def is the NPC's sheet.
func (n *NPCState) Def() NPCDef { return FavorNPCs[n.NPC] }

// setupNPCs puts the favor-granting NPC of each detective in play in
// play.
func (s *State) setupNPCs() {
	for i := range s.Dets {
		for k, n := range FavorNPCs {
			if n.Detective == s.Dets[i].Def().Slug {
				s.Story.NPCs = append(s.Story.NPCs, NPCState{NPC: k, Seat: i, Pile: NPCFavorsPerNPC})
			}
		}
	}
}

// npcOf is seat's favor-granting NPC, or nil.
func (s *State) npcOf(seat int) *NPCState {
	for i := range s.Story.NPCs {
		if s.Story.NPCs[i].Seat == seat {
			return &s.Story.NPCs[i]
		}
	}
	return nil
}

// gainNPCFavor gives seat one favor of its NPC, if he lives and has one
// left (AN-NPC-03/04).
func (s *State) gainNPCFavor(seat int, res *engine.Result) {
	n := s.npcOf(seat)
	if n == nil || n.Dead || n.Pile == 0 {
		return
	}
	n.Pile--
	n.Held++
	res.Say("%s gains a favor from %s (spent as %s).", who(seat), n.Def().Name, strings.Join(n.Def().Types, " or "))
}

// eliminateNPC eliminates seat's NPC: his marker turns to the skull, the
// detective discards his favors and can gain no more (AN-NPC-01…03), and
// takes a trauma counter [ours].
func (s *State) eliminateNPC(seat int, res *engine.Result) {
	n := s.npcOf(seat)
	if n == nil || n.Dead {
		return
	}
	n.Dead = true
	n.Discarded += n.Held
	n.Held = 0
	res.Say("%s is eliminated: %s discards his favors and can gain no more.", n.Def().Name, who(seat))
	s.giveTrauma(seat, res)
}

// hasFavor reports whether seat can pay a favor of type f, with a normal
// favor or an NPC favor showing f (AN-FAVOR-05).
func (s *State) hasFavor(seat int, f string) bool {
	if s.Dets[seat].Favors[f] > 0 {
		return true
	}
	n := s.npcOf(seat)
	return n != nil && n.Held > 0 && (n.Def().Types[0] == f || n.Def().Types[1] == f)
}

// payFavor spends one favor of type f: a normal one when seat has one,
// else an NPC favor showing f, which counts as one favor (AN-FAVOR-06)
// and goes back to its NPC's pile [ours: the normal favor goes first, as
// the NPC's is worth more at the close]. It reports what was spent.
func (s *State) payFavor(seat int, f string) string {
	d := &s.Dets[seat]
	if d.Favors[f] > 0 {
		d.Favors[f]--
		s.Supply.Favors[f]++
		return "1 " + f + " favor"
	}
	n := s.npcOf(seat)
	n.Held--
	n.Pile++
	return fmt.Sprintf("1 favor from %s as %s", n.Def().Name, f)
}

// npcHoldings lists seat's NPC favors by the groups they show, for the
// link VP (AN-FAVOR-07, AN-VP-10).
func (s *State) npcHoldings(seat int) [][]conspiracy.Group {
	n := s.npcOf(seat)
	if n == nil {
		return nil
	}
	var out [][]conspiracy.Group
	for k := 0; k < n.Held; k++ {
		var gs []conspiracy.Group
		for _, t := range n.Def().Types {
			for _, g := range conspiracy.RimGroups {
				if groupFavor(g) == t {
					gs = append(gs, g)
				}
			}
		}
		out = append(out, gs)
	}
	return out
}

// npcText is seat's NPC for the view.
func (s *State) npcText(seat int) string {
	n := s.npcOf(seat)
	if n == nil {
		return ""
	}
	if n.Dead {
		return fmt.Sprintf("%s (eliminated)", n.Def().Name)
	}
	where := ""
	if at := s.npcOnMap(seat); at >= 0 {
		where = ", waiting at " + Locations[at].Name
	}
	return fmt.Sprintf("%s: %d favors held (%s), %d left%s", n.Def().Name, n.Held, strings.Join(n.Def().Types, "/"), n.Pile, where)
}
