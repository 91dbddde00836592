package android

// rachelDeck is Rachel Beckmann's full deck [ours, every word and number]:
// the six light and six dark cards of the first deck (issue 18), then six
// of each more (issue 19, rachel-l07…l12, rachel-d07…d12) tied to her
// Money card and her plots: bounties and bail fill the track, bribes,
// charters and money sent home spend it; her dark cards, the other
// players' weapons, bleed it.
var rachelDeck = deckList{Slug: "rachel", Light: []Card{
	{Name: "Hot Pursuit", Cost: 1, Plot: "The Bounty", Choose: ChooseReach, Effects: []Effect{effect(OpMove, 0)}},
	{Name: "Call Home", Cost: 1, Plot: "Family Ties", Effects: []Effect{effect(OpGoodBaggage, 1), gain(1)}},
	{Name: "Skip Tracer", Cost: 1, Choose: ChooseSuspect, Effects: []Effect{effect(OpPeek, 0)}},
	{Name: "Charter Flight", Cost: 1, Effects: []Effect{effect(OpDropship, 0)}},
	{Name: "Second Wind", Cost: 1, Plot: "Family Ties", Effects: []Effect{gain(2)}},
	fightCard("Takedown", false, 1, "", "", ChooseSuspect, []Effect{effect(OpAlibi, 0)}, []Effect{effect(OpHit, 0)}),
	{Name: "Bounty Paid", Cost: 1, Plot: "The Bounty", Effects: []Effect{money(2)}},
	{Name: "Grease the Palm", Cost: 0, Needs: []Need{{Kind: NeedMoney, N: 1}}, Choose: ChooseSuspect, Effects: []Effect{self(money(-1)), effect(OpPeek, 0)}},
	{Name: "Private Charter", Cost: 0, Needs: []Need{{Kind: NeedMoney, N: 2}}, Effects: []Effect{self(money(-2)), effect(OpDropship, 0)}},
	{Name: "Money Home", Cost: 1, Plot: "Family Ties", Needs: []Need{{Kind: NeedMoney, N: 1}}, Effects: []Effect{self(money(-1)), effect(OpGoodBaggage, 1)}},
	{Name: "Bail Bond", Cost: 1, Choose: ChooseSuspect, Effects: []Effect{effect(OpAlibi, 0), money(1)}},
	{Name: "Old Flame's Tip", Cost: 1, Plot: "Old Flames", Choose: ChooseDetective, Effects: []Effect{effect(OpLook, 0), cond(BagLove, 1)}},
}, Dark: []Card{
	{Name: "Old Flame Calls", Dark: true, Cost: 1, Plot: "Old Flames", Trigger: OnMove, Effects: []Effect{lose(1)}},
	fightCard("Rival Hunter", true, 1, "The Bounty", OnFollowUp, ChooseNone, []Effect{lose(2)}, []Effect{effect(OpTrauma, 1)}),
	{Name: "Family Quarrel", Dark: true, Cost: 0, Plot: "Family Ties", Trigger: OnLightCard, Effects: []Effect{darkShift(1)}},
	{Name: "Cold Trail", Dark: true, Cost: 1, Trigger: OnSeedy, Effects: []Effect{lose(1), darkShift(1)}},
	{Name: "Impounded", Dark: true, Cost: 2, Trigger: OnRestricted, Effects: []Effect{lose(2)}},
	{Name: "Tab Comes Due", Dark: true, Cost: 1, Trigger: OnRitzy, Effects: []Effect{cond(BagGreed, 1), effect(OpDiscard, 1)}},
	{Name: "Alimony Due", Dark: true, Cost: 1, Plot: "Old Flames", Trigger: OnMove, Effects: []Effect{money(-1)}},
	{Name: "Bounty Poached", Dark: true, Cost: 1, Plot: "The Bounty", Trigger: OnFollowUp, Effects: []Effect{money(-2)}},
	{Name: "Oliver Needs Cash", Dark: true, Cost: 1, Plot: "Family Ties", Trigger: OnLightCard, Effects: []Effect{money(-1), cond(BagGuilt, 1)}},
	{Name: "Overdue Rent", Dark: true, Cost: 0, Trigger: OnAbility, Effects: []Effect{money(-1)}},
	{Name: "Expensive Taste", Dark: true, Cost: 1, Trigger: OnRitzy, Effects: []Effect{money(-1), lose(1)}},
	fightCard("Debt Collectors", true, 1, "", OnSeedy, ChooseNone, []Effect{money(-2)}, []Effect{effect(OpTrauma, 1)}),
}}
