"""The bidder's choices before any card changes hands, graded: the kitty or the partner's card (Gros
Charlemagne), alone or with the partner (Maine Charlemagne), and the trump named before the exchange (Maine
Charlemagne, and wherever the rules name trump before the kitty or the partner's card comes).

Each choice is tried on the same deals of the cards the bidder cannot see (the earlier bids read as evidence
about those hands, as in card play): after the choice the rest of the exchange is made as
:class:`~charlemagne_learn.analysis.rulebot.RuleBot` would make it (the partner's card, the discards, the trump,
a defender's choice to defend alone) and the contract is played out double dummy. The choices are ranked by how
often the contract is made, then by the points they bring on average, like every other hint
(:func:`~charlemagne_learn.analysis.hints.hint` calls this for a bidder who must choose).

>>> import charlemagne_learn as cl
>>> state = cl.HandState.new(cl.Rules.preset("canadian"), dealer="W", seed=7)
>>> for action in ["bid gros_charlemagne", "pass", "pass", "pass"]:
...     state.apply(action)
>>> state.phase.value, state.to_move.word
('choose', 'North')
>>> ranked = cl.analysis.hint(state.view("N"), samples=8)
>>> sorted(str(c.action) for c in ranked.choices)
['choose kitty', 'choose partner_card']
"""

from __future__ import annotations

from ..engine.actions import Action, choice_name
from ..engine.contract import Contract
from ..engine.errors import IllegalActionError
from ..engine.hand import HandState, SeatView
from ..engine.i18n import sentence
from ..engine.messages import Capital, Phrase, Sayable, message
from ..engine.rng import DealRandom, derive_seed
from ..engine.scoring import stake
from .choices import Choice, Row, before_exchange, rank_choices
from .exchange import mean_tricks, outcomes
from .pimc import deals_before_exchange
from .rulebot import exchange_by_rule, winning_bid

__all__ = ["choose_choices"]

#: Candidate deals looked at per deal kept when weighing the bids as evidence.
_LOOK = 4


def choose_choices(view: SeatView, samples: int, seed: int) -> tuple[list[Choice], int]:
    """Every choice the bidder to move in ``view`` may make before the exchange, ranked (see the module text),
    and the deals used (all ``samples``)."""
    if not before_exchange(view):
        raise IllegalActionError(sentence("choose.not_bidder"))
    rules = view.rules
    actions = list(view.legal_actions)
    # nothing has changed hands yet: every card the bidder does not hold is unseen, the kitty's among them
    deals = list(deals_before_exchange(view, DealRandom(derive_seed(seed, 0)), samples, _LOOK))
    n = len(deals)

    def table(action: Action, start: HandState) -> tuple[Contract, list[int]]:
        state = start.copy()
        state.apply(action)
        return _table(state)

    by_action, sums, made_on = outcomes(actions, deals, table)
    points = dict(zip(actions, by_action, strict=True))
    totals = dict(zip(actions, sums, strict=True))
    spec, _ = winning_bid(view)
    rows: list[Row] = []
    for action in actions:
        tricks, made = mean_tricks(totals[action][0], n), totals[action][1] / n
        name = _name(action)
        mean = sum(points[action]) / n
        reason = message("choose.reason", choice=name, p=made, points=mean)
        rows.append((action, points[action], tricks, made, reason))
    return rank_choices(rows, stake(rules, spec), results=made_on), n


def _name(action: Action) -> Sayable:
    """A choice as the reason starts: "Take the kitty", "Diamonds trump"."""
    if action.kind == "trump":
        return Capital(
            message("choose.trump", suit=action.suit) if action.suit is not None else Phrase(Action.text, action)
        )
    return Phrase(choice_name, action.choice or "")


def _table(state: HandState) -> tuple[Contract, list[int]]:
    """The rest of the exchange as RuleBot makes it: the contract it leads to and the hands it is played with."""
    exchange_by_rule(state)
    contract = state.contract
    assert contract is not None
    return contract, list(state.masks())
