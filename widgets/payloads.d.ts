// Generated from charlemagne_learn/widgets/payloads.py (the one source of these shapes) by
// scripts/build_widgets.py: edit that file, then run it. The widgets' files name these in JSDoc.

/**
 * A choice at the play table that is not a card: a bid or pass, a trump suit, a choice, or confirming or taking
 * back the cards chosen to put aside.
 */
export interface ActionButton {
  /** what the page sends back: the action as the engine reads it ("bid 6"), or "confirm discards" */
  id: string;
  /** the button's words */
  text: string;
  /** the action's kind ("bid", "pass", "trump", "choose"), or "confirm" / "undo" */
  kind: string;
}

/**
 * A lesson the learner changed, offered to be started afresh.
 */
export interface AfreshLesson {
  /** its path beside the start page, what the page sends back */
  lesson: string;
  /** its title, as its first heading says */
  title: string;
}

/**
 * Every word of the box that starts lessons afresh, in its language.
 */
export interface AfreshWords {
  /** the box's heading */
  title: string;
  /** each lesson's button */
  button: string;
  /** what the box found or did, as a sentence */
  status: string;
}

/**
 * A bid, or the pass, as a button of the bid box (:class:`~charlemagne_learn.widgets.bidbox.BidBox`).
 */
export interface BidButton {
  /** the action as the engine reads it, what the page sends back: "bid 6", "pass" */
  id: string;
  /** the button's face: "6", "5♠", "Pass" */
  text: string;
  /** what a screen reader says, with "not allowed now" on a bid that may not be made */
  label: string;
  /** may it be bid now (one that may not is still a button: a click asks Python why) */
  legal: boolean;
  /** the suit named with the bid ("C", "D", "H", "S"), or "" */
  suit: string;
  /** its colour (a palette variable) */
  ink?: string;
  /** its colour in the four-colour deck */
  ink4?: string;
}

/**
 * One rung of the bid box's ladder: what the bid means and scores, one text per column, and its buttons (one,
 * or one per suit where the bid names its trump).
 */
export interface BidRow {
  "who plays": string;
  "first lead": string;
  "to make it": string;
  /** the bid's name in words: "6", "Gros Mulot" */
  bid: string;
  exchange: string;
  trump: string;
  /** what making it scores */
  made: string;
  /** what failing it costs */
  failed: string;
  /** the bid as the rules name it: "gros_mulot" */
  name: string;
  actions: BidButton[];
}

/**
 * One card as a page draws it (:func:`~charlemagne_learn.teach.picture.card_view`); the keys below only where
 * the page offers cards to play.
 */
export interface CardView {
  /** as ``Card.parse`` reads it: "JD", "RJ" */
  id: string;
  /** its face: "J♦" */
  text: string;
  /** "C", "D", "H", "S", or "J" for a joker */
  suit: string;
  /** the face's corner: "10", "J"; "JOKER" for a joker */
  rank: string;
  /** the suit's symbol, "★" for a joker */
  pip: string;
  /** the high joker of the contract shown (the ``high_joker`` house rule decides which) */
  high: boolean;
  /** what a screen reader says */
  label: string;
  /** its role in the contract, in words ("little jack"), or "" */
  role: string;
  /** its colour (a palette variable) */
  ink: string;
  /** its colour in the four-colour deck */
  ink4: string;
  /** may it be played now */
  legal?: boolean;
  /** the word for a card that may not be played */
  illegal_word?: string;
  /** chosen (to put aside), not yet confirmed */
  selected?: boolean;
}

/**
 * What a quiz's Download buttons save (:func:`~charlemagne_learn.widgets._results.download`): ``{}`` until a
 * question is answered.
 */
export interface Download {
  /** the results, safe to open in a spreadsheet (the page adds the byte-order mark) */
  csv: string;
  json: string;
  /** the file's name, without its extension */
  file: string;
  /** the buttons' words: csv, json */
  words: Record<string, string>;
}

/**
 * The line under the table after a graded choice ("You chose 9♠: good", the reason), and after a worse card
 * the punishing line in a "Why?" fold; empty: no line.
 */
export interface GradeLine {
  text?: string;
  grade?: string;
  reason?: string;
  /** the deals and the intervals behind the grade, shown when the learner points at it */
  details?: string;
  /** the fold's title */
  why?: string;
  /** the punishing line as one text */
  line?: string;
  lines?: RefutationLine[];
}

/**
 * The review after a hand at the play table, or after a decision quiz's choice (with no log there); ``{}``
 * while a hand is played.
 */
export interface HandReview {
  title: string;
  /** the headings: when, chose, grade, better, why, and the colon */
  heads: Record<string, string>;
  lines: ReviewRow[];
  /** said where there is no decision to review */
  empty: string;
  /** how the hand ended, in words */
  result: string;
  hand_points: string;
  game_points: string;
  /** who won the game, or "" */
  winner: string;
  /** the Next button's words, or "" when there is nothing next */
  next: string;
  log_title?: string;
  /** each hand of the game so far, in a line */
  log?: string[];
}

/**
 * One choice of a hint, best first (:func:`~charlemagne_learn.widgets.playtable.hint_panel`).
 */
export interface HintChoice {
  /** the choice as the engine reads it ("play JH", "bid 6"; an exchange's English words) */
  id: string;
  /** the choice in words */
  text: string;
  /** "best", "good", "inaccuracy", "mistake" or "blunder" */
  grade: string;
  /** the grade in words */
  grade_word: string;
  /** its points on average, signed, in the language's forms */
  points: string;
  /** the deals and the intervals behind the grade, shown when the learner points at it */
  details: string;
  reason: string;
}

/**
 * The hint panel: a note while there is nothing to rank (or while it is worked out), else the ranked choices;
 * empty: no panel.
 */
export interface HintPanel {
  note?: string;
  title?: string;
  choices?: HintChoice[];
}

export interface KittyView {
  count: number;
  count_text: string;
  /** face up only once the viewer may see them */
  cards: CardView[];
  /** who took it, in words ("" before) */
  taken: string;
  discards: CardView[];
}

/**
 * A card of the trump ladder, its label naming its role.
 */
export interface LadderCard {
  /** as ``Card.parse`` reads it: "JD", "RJ" */
  id: string;
  /** its face: "J♦" */
  text: string;
  /** "C", "D", "H", "S", or "J" for a joker */
  suit: string;
  /** the face's corner: "10", "J"; "JOKER" for a joker */
  rank: string;
  /** the suit's symbol, "★" for a joker */
  pip: string;
  /** the high joker of the contract shown (the ``high_joker`` house rule decides which) */
  high: boolean;
  /** what a screen reader says */
  label: string;
  /** its role in the contract, in words ("little jack"), or "" */
  role: string;
  /** its colour (a palette variable) */
  ink: string;
  /** its colour in the four-colour deck */
  ink4: string;
  /** may it be played now */
  legal?: boolean;
  /** the word for a card that may not be played */
  illegal_word?: string;
  /** chosen (to put aside), not yet confirmed */
  selected?: boolean;
  /** its role as the ladder writes it ("big jack (le bar)"), or "" */
  role_text: string;
}

/**
 * Where a plain suit's jack stands when that jack is a trump (the little jack).
 */
export interface LadderGap {
  /** always true: a gap, not a card */
  gap: boolean;
  /** "J♦ is a trump now" */
  text: string;
  /** the jack's id: "JD" */
  id: string;
}

/**
 * A trump on the ladder, highest first.
 */
export interface LadderStep {
  /** as ``Card.parse`` reads it: "JD", "RJ" */
  id: string;
  /** its face: "J♦" */
  text: string;
  /** "C", "D", "H", "S", or "J" for a joker */
  suit: string;
  /** the face's corner: "10", "J"; "JOKER" for a joker */
  rank: string;
  /** the suit's symbol, "★" for a joker */
  pip: string;
  /** the high joker of the contract shown (the ``high_joker`` house rule decides which) */
  high: boolean;
  /** what a screen reader says */
  label: string;
  /** its role in the contract, in words ("little jack"), or "" */
  role: string;
  /** its colour (a palette variable) */
  ink: string;
  /** its colour in the four-colour deck */
  ink4: string;
  /** may it be played now */
  legal?: boolean;
  /** the word for a card that may not be played */
  illegal_word?: string;
  /** chosen (to put aside), not yet confirmed */
  selected?: boolean;
  /** its role as the ladder writes it ("big jack (le bar)"), or "" */
  role_text: string;
  /** 1 for the highest trump */
  place: number;
}

export interface LastTrick {
  title: string;
  cards: PlayedCard[];
  /** the seat that won it: "N", "E", "S", "W" */
  winner: string;
  /** the winner and its partner, where the partner plays */
  side: string[];
}

/**
 * Every word of the name box, in its language.
 */
export interface NameBoxWords {
  /** the field's name */
  label: string;
  /** the button's word */
  save: string;
  /** what is saved, as a sentence ("" names no one yet) */
  status: string;
}

/**
 * One bid's odds in the explorer (:class:`~charlemagne_learn.widgets.odds.BidOddsExplorer`): a bar, its 95%
 * interval as a whisker, and its points.
 */
export interface OddsRow {
  /** the bid as the rules name it: "6", "mulot" */
  bid: string;
  /** the bid in words */
  label: string;
  /** the chance of making it, 0 to 1 */
  probability: number;
  /** the interval's lower bound, 0 to 1 */
  low: number;
  /** the interval's upper bound, 0 to 1 */
  high: number;
  /** points per hand on average, signed, or "decides the game" */
  expected: string;
  /** how it was played ("trump ♠"), in words */
  how: string;
  /** the chance in words: "90%" */
  text: string;
  /** the interval in words */
  interval: string;
}

/**
 * Between two people's turns at one screen: the panel that hides every hand; ``{}`` otherwise.
 */
export interface PassScreen {
  /** "Pass to West" */
  title: string;
  text: string;
  /** the Ready button's words */
  ready: string;
  /** the seat the screen passes to: "N", "E", "S", "W" */
  to: string;
}

/**
 * A plain suit beside the trump ladder.
 */
export interface PlainSuit {
  /** "C", "D", "H", "S" */
  suit: string;
  /** "♠ spades" */
  title: string;
  /** its cards counted, in words */
  count: string;
  /** high to low */
  cards: (LadderCard | LadderGap)[];
  /** its colour (a palette variable) */
  ink?: string;
  /** its colour in the four-colour deck */
  ink4?: string;
}

/**
 * A card on the table, with who played it.
 */
export interface PlayedCard {
  /** "N", "E", "S", "W" */
  seat: string;
  /** the seat in words */
  name: string;
  card: CardView;
}

/**
 * A card of the trick a quiz question shows, with who played it.
 */
export interface QuizPlay {
  /** "N", "E", "S", "W" */
  seat: string;
  /** the seat in words */
  seat_label: string;
  card: CardView;
}

/**
 * A seat button of a "who wins the trick?" question.
 */
export interface QuizSeat {
  /** the seat's letter, the answer the page sends back */
  id: string;
  /** the seat in words */
  label: string;
}

export interface RefutationLine {
  text: string;
  /** a trick of a line played out (drawn indented) */
  trick: boolean;
}

/**
 * The replay after a hand (:attr:`~charlemagne_learn.widgets.playtable.PlayTable.replay_info`); ``{}`` while a
 * hand is played.
 */
export interface ReplayInfo {
  /** the hand's actions */
  steps: number;
  /** the action on show (0: the deal) */
  step: number;
  /** where that action falls, as a player says it: "Trick 3, second card", "The bidding", "The deal" */
  where: string;
  /** that action in words */
  line: string;
  /** the learner's grade on it, or "" */
  grade: string;
  grade_text: string;
  /** title, back, forward */
  words: Record<string, string>;
}

/**
 * One graded decision of the review after a hand.
 */
export interface ReviewRow {
  /** the decision's place in the hand's actions, from 1 (the replay's step; never shown) */
  move: number;
  /** where in the hand, as a player says it: "The bidding", "Trick 3, second card" */
  when: string;
  /** with several people at the screen, whose decision it is; "" otherwise */
  phase: string;
  /** the choice made, in words */
  action: string;
  /** "best", "good", "inaccuracy", "mistake" or "blunder" */
  grade: string;
  /** the grade in words */
  grade_word: string;
  /** the best choice in words, "" when the choice was the best */
  best: string;
  reason: string;
}

export interface SeatBid {
  seat: string;
  name: string;
  text: string;
}

export interface StoryPace {
  /** "step", "slow", "normal", "fast", "off" */
  id: string;
  /** the pace in words */
  text: string;
}

/**
 * One step of the bots' part of the hand at the play table, told as it happens.
 */
export interface StoryStep {
  /** the action on show, in words */
  line: string;
  /** "Step 2 of 6" */
  step: string;
  /** the pace it is told at */
  pace: string;
  /** continue, skip, pace */
  words: Record<string, string>;
  paces: StoryPace[];
}

/**
 * A suit's inks (:func:`~charlemagne_learn.widgets._base.suit_inks`), as a card view has its card's: only where
 * there is a suit (none on a no-trump bid, the pass button or the no-trump button).
 */
export interface SuitInks {
  /** its colour (a palette variable) */
  ink?: string;
  /** its colour in the four-colour deck */
  ink4?: string;
}

/**
 * The whole table as one seat sees it (:func:`~charlemagne_learn.teach.picture.table_picture`).
 */
export interface TablePicture {
  title: string;
  viewer: string;
  phase: string;
  contract: string;
  seats: TableSeat[];
  trick: PlayedCard[];
  trick_title: string;
  /** None before the first trick is done */
  last_trick: LastTrick | null;
  /** None at a table without a kitty */
  kitty: KittyView | null;
  bidding_title: string;
  bidding: SeatBid[];
  no_bids: string;
  tricks_line: string;
  points_line: string;
  result: string;
  words: Record<string, string>;
}

/**
 * One seat of a table picture.
 */
export interface TableSeat {
  seat: string;
  name: string;
  /** where the page draws it: "bottom", "left", "top", "right" */
  place: string;
  /** the cards the viewer may see (none when face down) */
  cards: CardView[];
  face_up: boolean;
  count: number;
  count_text: string;
  /** shown to all (Gros Mulot) */
  exposed: boolean;
  to_move: boolean;
  sits_out: boolean;
  dealer: boolean;
  you: boolean;
  tricks: number;
  bids: string[];
  /** who plays the seat, in words ("rule bot: plays by the rules of thumb"), or "" where not said */
  player: string;
}

/**
 * A trump button of the trump ladder (:class:`~charlemagne_learn.widgets.ladder.TrumpLadder`).
 */
export interface TrumpChoice {
  /** what the page sends back: the suit's letter, or "none" for no trump suit */
  id: string;
  /** the button's face: "♥", or "no trump" in words */
  text: string;
  /** the suit's letter, or "" for no trump suit */
  suit: string;
  /** what a screen reader says: "hearts trump" */
  label: string;
  /** its colour (a palette variable) */
  ink?: string;
  /** its colour in the four-colour deck */
  ink4?: string;
}

/**
 * One entry of a hand typer's menu: a board, a dealer.
 */
export interface TyperChoice {
  id: string;
  text: string;
}

/**
 * A hand typer's own panel (:class:`~charlemagne_learn.widgets.typer.HandTyper`): the board or the deal, undo and
 * the record; the table, its buttons and the review are the play table's own.
 */
export interface TyperPanel {
  /** "deal" (the cards being dealt into the seats), "play" (the bids and cards), "review" */
  stage?: string;
  title?: string;
  board_label?: string;
  boards?: TyperChoice[];
  /** the board on the table ("" for a deal of one's own) */
  board?: string;
  /** the button that deals the cards by clicks */
  deal_yourself?: string;
  /** while dealing */
  seats?: TyperSeat[];
  /** while dealing: the cards not yet dealt (the kitty, once every hand is full) */
  deck?: CardView[];
  deal_prompt?: string;
  dealer_label?: string;
  dealers?: TyperChoice[];
  dealer?: string;
  /** the button that ends the deal ("" until every hand is full) */
  finish?: string;
  /** the Undo button's words ("" when there is nothing to undo) */
  undo?: string;
  record_title?: string;
  /** the record of the hand so far (:mod:`~charlemagne_learn.teach.played`) */
  record?: string;
}

/**
 * One seat's cards while a hand typer deals them by clicks.
 */
export interface TyperSeat {
  /** "N", "E", "S", "W" */
  seat: string;
  name: string;
  /** dealt to it so far (a click takes one back) */
  cards: CardView[];
  /** "3 of 8" */
  count_text: string;
  /** the seat the next card clicked goes to */
  current: boolean;
}

/**
 * A variant in the trump ladder's menu.
 */
export interface VariantChoice {
  /** the preset's name: "canadian" */
  id: string;
  /** its name in words */
  title: string;
}
