package android

// The readings below are the engine's own answers to what the pictures
// must show (render/android): the card an event slot holds, which
// events still act, where an NPC stands, the plot card in play. They are
// exported so that the renderer asks the rules instead of keeping a copy
// of them that could drift.

// EventDef is the card an event slot holds.
func (s *State) EventDef(sl *EventSlot) Event { return s.eventDef(sl) }

// LiveEvents lists the event slots whose effect lasts: the track's two
// and the revealed specific event, not ended.
func (s *State) LiveEvents() []*EventSlot { return s.liveEvents() }

// EventEnded reports whether an event slot's effect has ended
// (AN-EVENT-07, AN-EVENT-14).
func (s *State) EventEnded(sl *EventSlot) bool { return s.eventEnded(sl) }

// NPCOnMap is where seat's NPC stands on the map for a live event, or -1
// (AN-EVENT-06/10).
func (s *State) NPCOnMap(seat int) int { return s.npcOnMap(seat) }

// NPCOf is seat's favor-granting NPC, or nil.
func (s *State) NPCOf(seat int) *NPCState { return s.npcOf(seat) }

// PlotCardInPlay is the plot card seat has in play, and false once its
// plot has ended.
func (s *State) PlotCardInPlay(seat int) (PlotCard, bool) { return s.plotCard(seat) }
