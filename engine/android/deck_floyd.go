package android

// floydMore are the six light and six dark cards that make Floyd 2X3A7C's
// first decks full decks (issue 19) [ours, every word and number]: ids
// floyd-l07…l12 and floyd-d07…d12. His strongest light cards ask him to
// break one of his Directives (hero_floyd.go); Director Haas and Father
// Michael Simmons mend them. His dark cards are his weaknesses: orders
// that pull against each other, Haas-Bioroid's audits and resets, crowds
// who hate bioroids.
var floydMore = deckList{Slug: "floyd", Light: []Card{
	{Name: "Lethal Force", Cost: 1, Plot: "The Three Directives", Needs: []Need{{Kind: NeedKept, N: 1}}, Choose: ChooseSuspect, Effects: []Effect{breakD(1), effect(OpHit, 0)}},
	{Name: "Ignore the Recall", Cost: 0, Plot: "A Soul in the Machine", Needs: []Need{{Kind: NeedKept, N: 2}}, Effects: []Effect{breakD(2), gain(3)}},
	{Name: "Off the Record", Cost: 1, Needs: []Need{{Kind: NeedKept, N: 3}}, Choose: ChooseSuspect, Effects: []Effect{breakD(3), effect(OpPeek, 0), effect(OpReveal, 0)}},
	{Name: "Director's Override", Cost: 0, Plot: "The Three Directives", Needs: []Need{{Kind: NeedHaasFavor}}, Effects: []Effect{effect(OpSpendHaas, 0), effect(OpMend, 0), gain(2)}},
	{Name: "Father's Blessing", Cost: 1, Plot: "Father's Counsel", Needs: []Need{{Kind: NeedBroken}}, Effects: []Effect{effect(OpMend, 0), cond(BagDuty, 1)}},
	{Name: "Protective Custody", Cost: 1, Choose: ChooseSuspect, Effects: []Effect{effect(OpAlibi, 0), lightShift(1)}},
}, Dark: []Card{
	{Name: "Conflicting Orders", Dark: true, Cost: 1, Plot: "The Three Directives", Trigger: OnFollowUp, Needs: []Need{{Kind: NeedKept, N: 2}}, Effects: []Effect{breakD(2)}},
	{Name: "Haas-Bioroid Audit", Dark: true, Cost: 1, Trigger: OnAbility, Needs: []Need{{Kind: NeedBroken}}, Effects: []Effect{lose(2), cond(BagGuilt, 1)}},
	{Name: "Cascade Failure", Dark: true, Cost: 2, Trigger: OnLightCard, Effects: []Effect{lose(1), breakD(3)}},
	fightCard("Bioroid Protest", true, 1, "A Soul in the Machine", OnRitzy, ChooseNone, []Effect{lose(2)}, []Effect{breakD(1), darkShift(1)}),
	{Name: "Hardwired Obedience", Dark: true, Cost: 1, Plot: "Father's Counsel", Trigger: OnMove, Needs: []Need{{Kind: NeedKept, N: 2}}, Effects: []Effect{lose(1), cond(BagGreed, 1)}},
	{Name: "Factory Reset", Dark: true, Cost: 2, Trigger: OnRestricted, Effects: []Effect{effect(OpDiscard, 2)}},
}}

// breakD breaks Floyd's Directive k (OpBreak).
func breakD(k int) Effect { return Effect{Op: OpBreak, N: k} }
