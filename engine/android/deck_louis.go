package android

// louisDeck is Louis Blaine's full deck [ours, every word and number]:
// the six light and six dark cards of the first deck (issue 18), then six
// of each more (issue 19, louis-l07…l12, louis-d07…d12) tied to his Mood
// card, Sara, Mr. Li's favors and Internal Affairs. His light cards turn
// the Mood good and spend Mr. Li's favors; his dark cards, the other
// players' weapons, sour the Mood and call in his debts.
var louisDeck = deckList{Slug: "louis", Light: []Card{
	{Name: "Street Legend", Cost: 1, Plot: "Debts to Mr. Li", Needs: []Need{{Kind: NeedTrait, Trait: FightTrait}}, Effects: []Effect{cond(BagCourage, 1), gain(1)}},
	{Name: "Flash the Badge", Cost: 1, Plot: "Internal Affairs", Effects: []Effect{favor("political")}},
	{Name: "Rough Justice", Cost: 2, Choose: ChooseSuspect, Effects: []Effect{effect(OpHit, 0)}},
	{Name: "Call In a Marker", Cost: 1, Needs: []Need{{Kind: NeedFavor, Favor: "street"}}, Effects: []Effect{self(loseFavor("street")), effect(OpDropship, 0)}},
	{Name: "Off the Books", Cost: 1, Plot: "Sara", Effects: []Effect{gain(2)}},
	fightCard("Back-Alley Brawl", false, 0, "", "", ChooseSuspect, []Effect{favor("street")}, []Effect{effect(OpHit, 0)}),
	{Name: "Dinner with Sara", Cost: 1, Plot: "Sara", Effects: []Effect{mood(true), cond(BagLove, 1)}},
	{Name: "Sara's Number", Cost: 1, Plot: "Sara", Effects: []Effect{effect(OpSaraFavor, 1), gain(1)}},
	{Name: "Borrow from Mr. Li", Cost: 1, Plot: "Debts to Mr. Li", Effects: []Effect{effect(OpNPCFavor, 0), mood(true)}},
	{Name: "Li's Muscle", Cost: 1, Plot: "Debts to Mr. Li", Needs: []Need{{Kind: NeedNPCFavor}}, Choose: ChooseSuspect, Effects: []Effect{effect(OpReturnNPCFavor, 0), effect(OpHit, 0)}},
	{Name: "Tanaka's Bargain", Cost: 1, Plot: "Internal Affairs", Choose: ChooseSuspect, Effects: []Effect{effect(OpPeek, 0), cond(BagDuty, 1)}},
	fightCard("Knuckle Sandwich", false, 1, "", "", ChooseSuspect, []Effect{gain(1)}, []Effect{effect(OpHit, 0), mood(false)}),
}, Dark: []Card{
	{Name: "Internal Affairs Audit", Dark: true, Cost: 1, Plot: "Internal Affairs", Trigger: OnAbility, Needs: []Need{{Kind: NeedTargetFavor, Favor: "political"}}, Effects: []Effect{loseFavor("political")}},
	{Name: "The Bottle Calls", Dark: true, Cost: 1, Trigger: OnSeedy, Effects: []Effect{lose(2)}},
	fightCard("Mr. Li's Collectors", true, 1, "Debts to Mr. Li", OnMove, ChooseNone, []Effect{lose(1)}, []Effect{effect(OpTrauma, 1)}),
	{Name: "Bad Reputation", Dark: true, Cost: 0, Trigger: OnRitzy, Effects: []Effect{darkShift(1)}},
	{Name: "Tanaka's File", Dark: true, Cost: 1, Plot: "Internal Affairs", Trigger: OnFollowUp, Effects: []Effect{effect(OpBadBaggage, 1)}},
	{Name: "Sara's Call", Dark: true, Cost: 2, Plot: "Sara", Trigger: OnLightCard, Effects: []Effect{lose(1), effect(OpDiscard, 1)}},
	{Name: "Sour Morning", Dark: true, Cost: 1, Trigger: OnMove, Effects: []Effect{mood(false)}},
	{Name: "Sara Walks Out", Dark: true, Cost: 1, Plot: "Sara", Trigger: OnLightCard, Effects: []Effect{mood(false), effect(OpBadBaggage, 1)}},
	{Name: "Li Calls the Debt", Dark: true, Cost: 1, Plot: "Debts to Mr. Li", Trigger: OnAbility, Needs: []Need{{Kind: NeedTargetNPCFavor}}, Effects: []Effect{effect(OpReturnNPCFavor, 0)}},
	{Name: "Last Call", Dark: true, Cost: 0, Trigger: OnSeedy, Effects: []Effect{mood(false), lose(1)}},
	{Name: "Under Surveillance", Dark: true, Cost: 1, Plot: "Internal Affairs", Trigger: OnFollowUp, Effects: []Effect{lose(1), cond(BagGreed, 1)}},
	fightCard("Precinct Scuffle", true, 1, "Internal Affairs", OnFollowUp, ChooseNone, []Effect{lose(1), mood(false)}, []Effect{effect(OpTrauma, 1)}),
}}

// FullDeckSize is the number of cards in each light and each dark deck of
// a detective whose full decks are in (issue 19) [ours; study §1B.2]: the
// first deck's six and six more, enough that a week does not see a deck
// through twice.
const FullDeckSize = 12
