package android

// capriceMore are the six light and six dark cards that make Caprice
// Nisei's first decks full decks (issue 19) [ours, every word and number]:
// ids caprice-l07…l12 and caprice-d07…d12. Her light cards are visions
// that cost her Sanity and anchors (the Sisters, rest) that give it back;
// her dark cards are her weaknesses — nightmares, static from other
// minds, Jinteki's claim on her — and most of them wear her Sanity down
// towards Descent into Madness (hero_caprice.go).
var capriceMore = deckList{Slug: "caprice", Light: []Card{
	{Name: "Deep Trance", Cost: 1, Plot: DescentPlot, Choose: ChooseSuspect, Effects: []Effect{sanity(-1), effect(OpPeek, 0), effect(OpReveal, 0)}},
	{Name: "Second Sight", Cost: 0, Effects: []Effect{sanity(-1), gain(3)}},
	fightCard("Foreseen Blow", false, 1, "The Clone's Choice", "", ChooseSuspect, []Effect{effect(OpAlibi, 0), lose(1)}, []Effect{sanity(-1), effect(OpHit, 0)}),
	{Name: "Sisters' Vigil", Cost: 1, Plot: "Sisters' Keeper", Effects: []Effect{sanity(1), cond(BagDuty, 1)}},
	{Name: "Quiet Room", Cost: 1, Effects: []Effect{sanity(1), effect(OpHeal, 1)}},
	{Name: "Steady Hands", Cost: 1, Plot: DescentPlot, Effects: []Effect{sanity(2)}},
}, Dark: []Card{
	{Name: "Night Terrors", Dark: true, Cost: 1, Plot: DescentPlot, Trigger: OnMove, Effects: []Effect{sanity(-1)}},
	{Name: "Psychic Static", Dark: true, Cost: 1, Trigger: OnSeedy, Effects: []Effect{sanity(-1), lose(1)}},
	{Name: "Jinteki Recall", Dark: true, Cost: 2, Plot: "The Clone's Choice", Trigger: OnRestricted, Effects: []Effect{lose(2), cond(BagGreed, 1)}},
	fightCard("Echoes of the Dead", true, 1, "Sisters' Keeper", OnFollowUp, ChooseNone, []Effect{lose(1)}, []Effect{sanity(-1)}),
	{Name: "Whispers", Dark: true, Cost: 0, Trigger: OnAbility, Effects: []Effect{sanity(-1)}},
	{Name: "Feedback", Dark: true, Cost: 1, Plot: DescentPlot, Trigger: OnLightCard, Effects: []Effect{sanity(-1), lose(1)}},
}}

// sanity moves Caprice's Sanity marker n marks (OpSanity).
func sanity(n int) Effect { return Effect{Op: OpSanity, N: n} }
