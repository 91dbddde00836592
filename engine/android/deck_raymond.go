package android

// Raymond Flint's full decks (issue 19) [ours, every word and number]:
// the six cards of each first deck (cards.go) and six more of each side,
// raymond-l07…l12 and raymond-d07…d12. His light cards are the old
// detective's craft and the few who still stand by him — Parsons, Kate,
// the bar in Dragon Alley; his dark cards carry his weaknesses: the
// drink, the lost years that return as habits, Keene closing in on his
// friends, and the bridges he burned.

// raymondLight are Raymond's light cards beyond the first deck.
var raymondLight = []Card{
	{Name: "Face the Mirror", Cost: 1, Plot: "The Lost Years", Effects: []Effect{effect(OpRayUnwrap, 0), effect(OpDrawLight, 1)}},
	{Name: "Parsons Owes Me", Cost: 1, Plot: "Ghosts of the Past", Effects: []Effect{favor("street"), cond(BagCourage, 1)}},
	{Name: "Dragon Alley Regular", Cost: 1, Effects: []Effect{gain(1), effect(OpDrawLight, 1)}},
	{Name: "Keene's Old Files", Cost: 1, Plot: "Ghosts of the Past", Choose: ChooseSuspect, Effects: []Effect{effect(OpPeek, 0)}},
	{Name: "Old Photograph", Cost: 1, Plot: "The Lost Years", Effects: []Effect{cond(BagDuty, 1), gain(1)}},
	{Name: "Back Channels", Cost: 1, Choose: ChooseReach, Effects: []Effect{effect(OpMove, 0)}},
}

// raymondDark are Raymond's dark cards beyond the first deck.
var raymondDark = []Card{
	{Name: "Old Habits", Dark: true, Cost: 1, Plot: "The Lost Years", Trigger: OnSeedy, Effects: []Effect{effect(OpRayWrap, 0), lose(1)}},
	{Name: "Keene's Message", Dark: true, Cost: 1, Plot: "Ghosts of the Past", Trigger: OnFollowUp, Effects: []Effect{effect(OpBadBaggage, 1)}},
	{Name: "Lost Weekend", Dark: true, Cost: 2, Plot: "The Lost Years", Trigger: OnMove, Effects: []Effect{effect(OpDiscard, 1), darkShift(1)}},
	{Name: "Burned Bridge", Dark: true, Cost: 1, Trigger: OnAbility, Effects: []Effect{loseFavor("corp"), lose(1)}},
	fightCard("Parsons in Danger", true, 1, "Ghosts of the Past", OnRestricted, ChooseNone, []Effect{lose(1)}, []Effect{effect(OpBadBaggage, 1)}),
	{Name: "Nobody Calls Back", Dark: true, Cost: 0, Trigger: OnRitzy, Effects: []Effect{cond(BagLove, 1), lose(1)}},
}
