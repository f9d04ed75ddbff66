"""Every sentence an explanation of a stud answer can say, and what must be true to say it.

:mod:`games.stud.explain` and :mod:`games.stud.explain_results` write each sentence under one of these
keys; ``tests/games/test_explanation_truth.py`` checks each key against the facts of the
hands that trigger it, over generated scenarios of every kind, focus, game and ruleset.
"""

from __future__ import annotations

__all__ = ["SENTENCES"]

SENTENCES: dict[str, str] = {
    # pots
    "pots.short_ante_main": (
        "the seat posted less than the ante, is all-in for it, and that is the main pot's level"
    ),
    "pots.short_ante": (
        "the seat posted less than the ante and is all-in for it (a higher level than the main pot)"
    ),
    "pots.layer": (
        "one pot of the answer, its amount and eligible seats; its level is the all-in total of the"
        " seats named"
    ),
    "pots.folded_chips": "the seats folded with chips in the pots",
    "pots.excess": "the seat's bet over what any other live player can put in goes back",
    "pots.returned": "an uncalled bet was returned to the seat earlier in the hand",
    "pots.single": "nobody is all-in and there is one pot",
    # bring-in
    "bring_in.exposed": "the dealer exposed this 3rd-street downcard (RP-10 A)",
    "bring_in.rule": "the game's bring-in rule",
    "bring_in.tie_by_suit": "another door card has the bring-in card's rank",
    "bring_in.all_in_ante": (
        "the low card is all-in on the ante and two or more live players have chips (RP-10 E)"
    ),
    "bring_in.all_in_ante_no_bet": "the low card is all-in on the ante and at most one live player has chips",
    "bring_in.no_caller": "the low card has chips and every other live player is all-in on the ante",
    "bring_in.short": (
        "the low card is live with chips, but fewer than the bring-in, after the ante: it posts them"
        " all-in and makes no decision"
    ),
    "bring_in.all_in_post": (
        "the low card is live with exactly the bring-in after the ante: the post puts it all-in"
    ),
    "bring_in.first_decision_complete": (
        "the live low card's post takes its last chips; the seat named is the next live player with"
        " chips, and two other live players have more than the bring-in (one may complete, one call)"
    ),
    "bring_in.first_decision": (
        "the live low card's post takes its last chips; the seat named is the next live player with"
        " chips, and fewer than two other live players have more than the bring-in (no completion)"
    ),
    "bring_in.posts_or_completes": "the low card is live with at least the bring-in behind: it decides first",
    "bring_in.killed_holder": "the low card's hand is killed, has chips and has the bring-in posted for it",
    "bring_in.killed_holder_all_in": "the low card's hand is killed and all-in on the ante",
    # next action
    "next.betting_over": "the hand reached the showdown or was won by folds",
    "next.dealing": "the street's cards are being dealt",
    "next.round_complete": (
        "the previous street's betting round was held and is over; this street is not dealt yet"
    ),
    "next.no_round": "the previous street had no betting round; this street is not dealt yet",
    "next.rp10e_over": (
        "the low card is all-in on the ante, nobody opened, folds left at most one player with chips"
    ),
    "next.nobody_can_bet": "two or more players are live and at most one of them has chips",
    "next.killed_bring_in": (
        "the seat to act is a killed hand with the bring-in card: the post is its only option"
    ),
    "next.bring_in_turn": "the seat to act is the live low card and nothing has been done on 3rd street",
    "next.rp10e": "the low card is all-in on the ante, nobody has opened, and someone else could call a bet",
    "next.history": "the last actions of this street, in order",
    "next.facing_short_bring_in": (
        "the bring-in was posted all-in for less than the bring-in and nobody has completed"
    ),
    "next.open_pair_sizes": "4th street, an open pair showing, the open-pair option in force",
    "next.bet_size": "the street's bet size",
    "next.cap": "the cap is reached and not lifted: the seat to act cannot raise",
    "next.cap_lifted": "the cap's number of bets is in, two players are left and the ruleset lifts the cap",
    "next.not_reopened": (
        "the seat to act acted on this street before an all-in raise of less than half a bet, no full "
        "raise came after, and the seat may call but not raise (47-B)"
    ),
    "next.call_is_all_in": "the seat to act has no more chips than the call, and cannot raise",
    "next.nobody_can_call": (
        "no other live player could put in more than the current bet, so no raise is offered"
    ),
    "next.short_bring_in_post": "the low card to post has no more chips than the bring-in",
    "next.complete_the_wager": (
        "a short all-in raise was made at this level, the seat to act has not acted at it and may raise"
    ),
    "next.full_all_in_raise": (
        "an all-in completion, bet or raise of less than a full bet but at least half a bet over the"
        " level before it set the level the seat to act faces, and the seat may raise to it plus a bet"
        " (47-B)"
    ),
    "next.options": "the options of the seat to act",
    # boards (first to act, showdown order)
    "board.best": "the board that acts first",
    "board.tie_by_suit": "two or more live boards are tied and the suit of the high card breaks the tie",
    "board.tie_by_position": "two or more live boards are tied and position breaks the tie",
    "board.all_in_best": "the best board is all-in and the next player with chips acts in its place",
    # stub
    "stub.count": "the cards left before 7th street",
    "stub.required": "live players + burn + last card",
    "stub.enough": "no shortage",
    "stub.case_a": "RP-10 H case A",
    "stub.case_b": "RP-10 H case B",
    "stub.case_c": "RP-10 H case C",
    "stub.first_with_community_card": "a community card is dealt; the 6th-street first actor acts first",
    "stub.first_boards_unchanged": "7th is dealt down to everyone; the same board acts first",
    # stub_count
    "stub_count.stub": "cards dealt per street + burns; 52 - dealt - burns is the stub",
    "stub_count.folded_count": "a folded hand held cards: they count as dealt",
    "stub_count.needed": "4th to 6th street: burn + one card per player still in the hand",
    "stub_count.needed_seventh": "7th street: the RP-10 H required number (players + burn + last card)",
    "stub_count.enough": "the stub is at least what the next street needs",
    "stub_count.short": "7th street, the stub below the required number: RP-10 H case A, B or C",
    # showdown order
    "showdown.not_at_risk": "a live player is all-in and another live player has chips",
    "showdown.last_aggressor": (
        "the seat made the last bet or raise of 7th street among the players who table first"
    ),
    "showdown.at_risk_bettors": "all-in players at risk also bet or raised on 7th street",
    "showdown.no_seventh_round": "no betting round was held on 7th street",
    "showdown.only_at_risk_bet": "7th-street bets were made, all of them by players at risk",
    "showdown.checked_around": "a 7th-street betting round was held and nobody bet",
    "showdown.first": "the seat that tables first",
    # best hands
    "hands.report": "the seat's best hands",
    "hands.high_ranking": "the high ranking",
    "hands.low_ranking": "the low ranking",
    "hands.no_low": "no seat asked about has an eight-or-better low",
    "hands.five_cards": "stud high: suits never split a tie",
    # award
    "award.uncontested": "everyone else folded",
    "award.pot_high": "stud high: the pot goes to its best high hands",
    "award.pot_low": "razz: the pot goes to its best low hands",
    "award.pot_scoop": "stud/8: no eligible hand qualifies low, the high hand scoops",
    "award.pot_even": "stud/8: the same players win both halves",
    "award.pot_halves": "stud/8: high and low halves to different winners",
    "award.paid": "the pot's shares",
    "award.odd_to_high": "stud/8: the pot does not halve into whole chips, the odd chip goes high",
    "award.odd_chip": (
        "a tie does not split into whole chips: the seat gets the odd chip by the ruleset's card"
    ),
    "award.each_pot": "more than one pot: each is split on its own, then the totals",
    "award.total": "one pot: the totals",
    # rulings
    "ruling.dead_facing": "the player picked up the upcards with a bet pending for them (Rule 66)",
    "ruling.binding_pick_up": "the player picked up the upcards with no bet pending for them (Rules 66, 58)",
    "ruling.live_hand": "the player exposed their own downcard (Rule 68)",
    "ruling.binding_fold": "the player folded without facing a bet (Rule 58)",
    "ruling.becomes_upcard": "the dealer exposed a 3rd-street downcard (RP-10 A)",
    "ruling.boxed_replace": "boxed cards that do not make a misdeal",
    "ruling.replace_seventh": "the dealer exposed a 7th-street card and betting action remains (RP-10 B)",
    "ruling.card_plays": "the dealer exposed a 7th-street card and no betting action remains (RP-10 B)",
    "ruling.reshuffle": "a premature card (RP-5 D)",
    "ruling.kill_hand": "the player was absent when the initial deal ended (Rule 30, RP-10 C)",
    "ruling.kill_hand_bring_in": "the absent player was dealt the bring-in card and has chips to post it",
    "ruling.misdeal_boxed": "two or more boxed cards on the initial deal before substantial action (35-A)",
    "ruling.misdeal_count": "a wrong card count before substantial action on 3rd street (35-A, 36)",
    "ruling.dead_count": "a wrong card count after substantial action (35-D, 36)",
    "ruling.misdeal_skipped": "a seat was dealt out on the initial deal (35-A)",
    "ruling.misdeal_wrong_seat": "a card of the initial deal went to the wrong seat (35-A)",
    "ruling.correct_wrong_seat": "a card went to the wrong seat on 4th to 6th street",
    "ruling.correct_skipped": "a seat was skipped on 4th to 6th street",
    "ruling.correct_folded": "a card was dealt to a folded hand on 4th to 7th street (RP-10 C)",
    "ruling.oot_fold": "a player folded out of turn (Rule 53, 58)",
    "ruling.back_up_no_raise": "a player checked or called out of turn under Robert's Rules",
    "ruling.back_up": "a player acted out of turn and the action is backed up (Rule 53)",
    "ruling.correct_bring_in": "the dealer called the wrong seat for the bring-in",
    "ruling.retrieve_pot": "a pot was pushed to a seat that does not win it (Rule 22)",
}
