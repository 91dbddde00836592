// Package conspiracy is Android's conspiracy puzzle as pure, deterministic
// data and functions: the 5 × 5 grid with the conspiracy at c3, the rim
// ports of the four groups, the 24 pieces in three face-down piles, the
// hero markers beside the piles, Reveal Information and Dig Deeper,
// placement legality, bonuses, completed lines, links and the victory
// points links and tokens bring at the closing of the case.
//
// It knows nothing of the rest of the game: it neither shifts twilight,
// hands out favors, places hits or baggage nor moves leads. What needs the
// game comes back as values (a Revealed benefit, an Outcome's Bonuses and
// Completed lines) for the game to apply, each as its own decision.
//
// # How the game drives it
//
// The game keeps one *Puzzle in its state (it is plain JSON; the piles
// are tagged vis:"hidden,count", so the public sees only how many pieces
// each holds) and builds it at setup with New(rand, seats), drawing the
// shuffles from the game's own engine.Rand. A follow-up that uncovers the
// conspiracy then runs as one-seat steps of the active player:
//
//  1. Choose: "reveal" (legal when CheckReveal(seat) is nil) or "dig"
//     (CheckDig). DigDeeper ends the follow-up. With every marker boxed
//     neither is legal and the lead can only place evidence.
//  2. Reveal returns the piece and its Benefit (its type). The markers
//     have already moved; the game now asks for the benefit as one step:
//     shift (light or dark shift any one player), favor (one normal favor
//     of a type), baggage (good or bad on any player's plot).
//  3. Place or discard: the moves are PendingPlacements() (each
//     Placement's String, e.g. "c4" or "c4 r90", is the move text) plus
//     "discard", always legal. Place refuses anything else with the legal
//     placements listed and changes nothing. The Outcome's Completed lines
//     each give the player one conspiracy token, at once.
//  4. Each of the Outcome's Bonuses is a further optional step: move a lead
//     of the type shown (the active player chooses its new location, as
//     if the player on the left had followed it up), place a hit, or draw
//     a bonus piece of the type shown with DrawBonusPiece, which starts
//     again at step 2 for that piece (its benefit, its placement, its own
//     bonus): chains go on as long as bonuses name pieces that are left.
//     Haas-Bioroid and Jinteki link pieces need no step: Links counts them
//     wherever they lie.
//
// On loading a snapshot the game may run Check, which names the first way
// the state is not one the rules can reach.
//
// At the closing of the case the game computes Links once and adds each
// player's ScoreLinks(links, holdings): conspiracy tokens, the base value
// of Haas and Jinteki tokens, and the link bonuses. It must not add those
// parts again from its own table.
//
// CONTENT.md records which values are the rules', which are public, and
// which are ours, with the rulings on the points the rules leave open.
package conspiracy
