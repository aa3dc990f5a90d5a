// One contract's card play of Charlemagne as an OpenSpiel game, "charlemagne_play", for OpenSpiel's compiled
// ISMCTS (benchmarks/ismcts_ladder.py --search compiled, which builds this file against the open_spiel wheel's
// own pyspiel.so: see benchmarks/openspiel_game.py).
//
// The game knows no Charlemagne rule by name: its one parameter, "position", carries what the Python engine
// decides for the contract — each card's effective suit, the cards that follow a lead (engine.tricks.legal_mask),
// the cards a seat void in the led suit must play (Mulot's jokers), each card's strength in a trick led in each
// suit (engine.tricks.winning_position), the seats in play, the bidder's side and what each count of its tricks
// is worth (engine.scoring.trick_values) — and the position: the opening leader, the cards played since, each
// seat's cards (one world of the hidden ones) and, for each seat that may search, what it knows of the hidden
// cards (analysis.pimc's constraints: the cards it cannot see, those each other seat cannot hold). Following suit
// and winning tricks are table look-ups; the voids a seat shows by not following suit are read from the cards
// played, as analysis.pimc.shown_out reads them. tests/test_openspiel_game.py plays both against each other.
//
// The parameter is a list of fields, each a name followed by whole numbers:
//   suit 34×  follow 34×  must 1  strength 5×34  seats n  team 1  values tricks+1  leader 1  hands 4×
//   moves (seat card)*  expose 1  knows (seat pool barred×4)*
// Card sets are bit sets of card indices (engine.cards.Card.index); "expose" is the seat whose cards everybody
// sees after the first trick (Gros Mulot's bidder), -1 for none.

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "open_spiel/spiel.h"
#include "open_spiel/spiel_utils.h"

namespace charlemagne_play {
namespace {

using open_spiel::Action;
using open_spiel::Game;
using open_spiel::GameParameter;
using open_spiel::GameParameters;
using open_spiel::GameRegisterer;
using open_spiel::GameType;
using open_spiel::Player;
using open_spiel::SpielFatalError;
using open_spiel::State;

constexpr int kCards = 34;
constexpr int kSeats = 4;
constexpr int kSuits = 5;  // four suits and the jokers'
using Mask = std::uint64_t;

int Count(Mask m) { return __builtin_popcountll(m); }

// What no card played changes: the contract's tables and the searching seats' knowledge at the root.
struct Contract {
  std::array<int, kCards> suit_of{};
  std::array<Mask, kCards> follow{};
  Mask must = 0;
  std::array<std::array<int, kCards>, kSuits> strength{};
  std::vector<int> seats;  // the seats in play, in turn order
  int team = 0;            // the bidder's side: the seats of this parity
  std::vector<double> values;
  int leader = 0;  // of the first trick
  std::array<Mask, kSeats> hands{};
  std::vector<std::pair<int, int>> moves;
  int expose = -1;
  std::array<bool, kSeats> knows{};
  std::array<Mask, kSeats> pool{};
  std::array<std::array<Mask, kSeats>, kSeats> barred{};
};

std::map<std::string, std::vector<long long>> Fields(const std::string& text) {
  std::map<std::string, std::vector<long long>> fields;
  std::istringstream in(text);
  std::string word;
  std::vector<long long>* at = nullptr;
  while (in >> word) {
    if (!word.empty() && (std::isdigit(static_cast<unsigned char>(word[0])) || word[0] == '-')) {
      if (at == nullptr) SpielFatalError("charlemagne_play: a number before any field: " + word);
      at->push_back(std::stoll(word));
    } else {
      at = &fields[word];
    }
  }
  return fields;
}

std::shared_ptr<const Contract> ReadContract(const std::string& text) {
  auto fields = Fields(text);
  auto take = [&](const std::string& name, int size) -> const std::vector<long long>& {
    const auto& values = fields[name];
    if (size >= 0 && static_cast<int>(values.size()) != size) {
      SpielFatalError("charlemagne_play: field '" + name + "' needs " + std::to_string(size) + " numbers, has " +
                      std::to_string(values.size()));
    }
    return values;
  };
  auto c = std::make_shared<Contract>();
  const auto& suit = take("suit", kCards);
  const auto& follow = take("follow", kCards);
  for (int i = 0; i < kCards; ++i) c->suit_of[i] = static_cast<int>(suit[i]), c->follow[i] = follow[i];
  c->must = take("must", 1)[0];
  const auto& strength = take("strength", kSuits * kCards);
  for (int s = 0; s < kSuits; ++s)
    for (int i = 0; i < kCards; ++i) c->strength[s][i] = static_cast<int>(strength[s * kCards + i]);
  for (long long s : take("seats", -1)) c->seats.push_back(static_cast<int>(s));
  if (c->seats.size() < 2 || c->seats.size() > kSeats) SpielFatalError("charlemagne_play: 2 to 4 seats in play");
  c->team = static_cast<int>(take("team", 1)[0]);
  for (long long v : take("values", -1)) c->values.push_back(static_cast<double>(v));
  c->leader = static_cast<int>(take("leader", 1)[0]);
  const auto& hands = take("hands", kSeats);
  for (int s = 0; s < kSeats; ++s) c->hands[s] = hands[s];
  const auto& moves = take("moves", -1);
  if (moves.size() % 2) SpielFatalError("charlemagne_play: 'moves' holds pairs of a seat and a card");
  for (size_t i = 0; i < moves.size(); i += 2) c->moves.emplace_back(moves[i], moves[i + 1]);
  c->expose = static_cast<int>(take("expose", 1)[0]);
  const auto& knows = take("knows", -1);
  if (knows.size() % (2 + kSeats)) SpielFatalError("charlemagne_play: 'knows' holds a seat, a pool and 4 sets");
  for (size_t i = 0; i < knows.size(); i += 2 + kSeats) {
    int seat = static_cast<int>(knows[i]);
    c->knows[seat] = true;
    c->pool[seat] = knows[i + 1];
    for (int s = 0; s < kSeats; ++s) c->barred[seat][s] = knows[i + 2 + s];
  }
  return c;
}

const GameType kGameType{
    /*short_name=*/"charlemagne_play",
    /*long_name=*/"Charlemagne: one contract's card play",
    GameType::Dynamics::kSequential,
    // no chance nodes: the hidden cards are dealt by ResampleFromInfostate, as a seat imagines them
    GameType::ChanceMode::kDeterministic,
    GameType::Information::kImperfectInformation,
    GameType::Utility::kZeroSum,
    GameType::RewardModel::kTerminal,
    /*max_num_players=*/kSeats,
    /*min_num_players=*/kSeats,
    /*provides_information_state_string=*/true,
    /*provides_information_state_tensor=*/false,
    /*provides_observation_string=*/false,
    /*provides_observation_tensor=*/false,
    /*parameter_specification=*/{{"position", GameParameter(std::string(""))}},
    // a position must be given
    /*default_loadable=*/false,
};

class PlayGame;
struct Dealing;

class PlayState : public State {
 public:
  PlayState(std::shared_ptr<const Game> game, std::shared_ptr<const Contract> contract)
      : State(std::move(game)), c_(std::move(contract)), hands_(c_->hands), leader_(c_->leader) {
    for (const auto& [seat, card] : c_->moves) {
      hands_[seat] |= Mask{1} << card;  // the root's hands, before the cards played
    }
    for (const auto& [seat, card] : c_->moves) {
      if (seat != ToMove()) SpielFatalError("charlemagne_play: a card played out of turn");
      if (!(Legal(seat) >> card & 1)) SpielFatalError("charlemagne_play: a card played against the rules");
      Play(card);
    }
  }

  Player CurrentPlayer() const override { return IsTerminal() ? open_spiel::kTerminalPlayerId : ToMove(); }

  std::vector<Action> LegalActions() const override {
    std::vector<Action> actions;
    if (IsTerminal()) return actions;
    for (Mask m = Legal(ToMove()); m; m &= m - 1) actions.push_back(__builtin_ctzll(m));
    return actions;
  }

  std::string ActionToString(Player player, Action action) const override { return std::to_string(action); }

  std::string ToString() const override {
    std::string out;
    for (const auto& [seat, card] : moves_) out += std::to_string(seat) + ":" + std::to_string(card) + " ";
    return out;
  }

  bool IsTerminal() const override {
    if (trick_size_) return false;
    for (int s : c_->seats)
      if (hands_[s]) return false;
    return true;
  }

  std::vector<double> Returns() const override {
    std::vector<double> out(kSeats, 0.0);
    if (!IsTerminal()) return out;
    double value = c_->values.at(taken_);
    for (int s = 0; s < kSeats; ++s) out[s] = s % 2 == c_->team ? value : -value;
    return out;
  }

  // The seat's cards, the exposed hand once shown, and every card played in order: all a seat sees.
  std::string InformationStateString(Player player) const override {
    std::string out = std::to_string(player) + "|" + std::to_string(hands_[player]) + "|";
    if (Exposed() >= 0) out += std::to_string(hands_[Exposed()]);
    out += "|";
    for (const auto& [seat, card] : moves_) out += {static_cast<char>('0' + seat), static_cast<char>('0' + card)};
    return out;
  }

  std::unique_ptr<State> Clone() const override { return std::make_unique<PlayState>(*this); }

  std::unique_ptr<State> ResampleFromInfostate(int player, std::function<double()> rng) const override;

  std::array<Mask, kSeats> ShownOut() const;

 protected:
  void DoApplyAction(Action card) override {
    if (!(Legal(ToMove()) >> card & 1)) SpielFatalError("charlemagne_play: an illegal card " + std::to_string(card));
    Play(static_cast<int>(card));
  }

 private:
  int ToMove() const {
    const auto& seats = c_->seats;
    int first = static_cast<int>(std::find(seats.begin(), seats.end(), leader_) - seats.begin());
    return seats[(first + trick_size_) % seats.size()];
  }

  Mask Legal(int seat) const {
    Mask hand = hands_[seat];
    if (!trick_size_) return hand;
    // follow suit if you can; else, under the Mulot rule, a joker if you hold one; else anything
    Mask follow = hand & c_->follow[trick_[0]];
    if (follow) return follow;
    Mask must = hand & c_->must;
    return must ? must : hand;
  }

  std::shared_ptr<Dealing> Dealings(int player) const;

  int Exposed() const { return c_->expose >= 0 && tricks_ >= 1 ? c_->expose : -1; }

  void Play(int card) {
    int seat = ToMove();
    hands_[seat] &= ~(Mask{1} << card);
    moves_.emplace_back(seat, card);
    trick_[trick_size_++] = card;
    dealing_.reset();
    const auto& seats = c_->seats;
    if (trick_size_ < static_cast<int>(seats.size())) return;
    const auto& strength = c_->strength[c_->suit_of[trick_[0]]];
    int best = 0;
    for (int i = 1; i < trick_size_; ++i)
      if (strength[trick_[i]] > strength[trick_[best]]) best = i;
    int first = static_cast<int>(std::find(seats.begin(), seats.end(), leader_) - seats.begin());
    leader_ = seats[(first + best) % seats.size()];
    taken_ += leader_ % 2 == c_->team;
    trick_size_ = 0;
    ++tricks_;
  }

  std::shared_ptr<const Contract> c_;
  std::array<Mask, kSeats> hands_;
  int leader_;
  std::array<int, kSeats> trick_{};
  int trick_size_ = 0;
  int tricks_ = 0;
  int taken_ = 0;
  std::vector<std::pair<int, int>> moves_;
  // How the hidden cards are dealt for one seat at this state, worked out at its first world: ISMCTS deals every
  // simulation's world from the same root. Copies share it; a card played drops it.
  mutable std::shared_ptr<Dealing> dealing_;
};

// For each seat, the cards it has shown it cannot hold: those following a lead it did not follow, and under the
// Mulot rule the jokers when it then played another card (analysis.pimc.shown_out).
std::array<Mask, kSeats> PlayState::ShownOut() const {
  std::array<Mask, kSeats> out{};
  const int n = static_cast<int>(c_->seats.size());
  for (size_t i = 0; i < moves_.size(); ++i) {
    if (i % n == 0) continue;
    int led = moves_[i - i % n].second;
    auto [seat, card] = moves_[i];
    if (c_->follow[led] >> card & 1) continue;
    out[seat] |= c_->follow[led];
    if (!(c_->must >> card & 1)) out[seat] |= c_->must;
  }
  return out;
}

// Uniform deals of cards into places of fixed sizes, each card allowed in some of them: the cards are taken group
// by group (the cards allowed in the same places), and each group's split among its places is drawn in proportion
// to the number of whole deals it leaves possible, counted once for each remaining group and room left.
class Dealer {
 public:
  Dealer(std::vector<std::vector<int>> groups, std::vector<int> allowed, int places)
      : groups_(std::move(groups)), allowed_(std::move(allowed)), places_(places) {}

  double Ways(size_t g, const std::vector<int>& room) {
    if (g == groups_.size()) {
      for (int r : room)
        if (r) return 0;
      return 1;
    }
    std::uint64_t key = g;
    for (int r : room) key = key * 64 + r;
    auto it = memo_.find(key);
    if (it != memo_.end()) return it->second;
    double total = 0;
    ForSplits(g, room, [&](const std::vector<int>& split, double weight) { total += weight; });
    memo_[key] = total;
    return total;
  }

  // Each place's cards, drawn with `rng`.
  std::vector<Mask> Deal(std::vector<int> room, const std::function<double()>& rng) {
    std::vector<Mask> out(places_, 0);
    if (Ways(0, room) <= 0) SpielFatalError("charlemagne_play: no deal of the hidden cards fits what was seen");
    for (size_t g = 0; g < groups_.size(); ++g) {
      double total = Ways(g, room);
      double pick = rng() * total;
      std::vector<int> chosen;
      ForSplits(g, room, [&](const std::vector<int>& split, double weight) {
        if (chosen.empty() && (pick < weight)) chosen = split;
        pick -= weight;
      });
      if (chosen.empty()) {  // rounding at the top end: the last split with any weight
        ForSplits(g, room, [&](const std::vector<int>& split, double weight) {
          if (weight > 0) chosen = split;
        });
      }
      std::vector<int> cards = groups_[g];
      for (int i = static_cast<int>(cards.size()) - 1; i > 0; --i) {
        int j = std::min(i, static_cast<int>(rng() * (i + 1)));
        std::swap(cards[i], cards[j]);
      }
      size_t at = 0;
      for (int p = 0; p < places_; ++p) {
        for (int k = 0; k < chosen[p]; ++k) out[p] |= Mask{1} << cards[at++];
        room[p] -= chosen[p];
      }
    }
    return out;
  }

 private:
  // Each split of group g's cards among its allowed places that fits the room, with its number of deals: the
  // ways to choose which cards go where times the deals of the groups after it.
  void ForSplits(size_t g, const std::vector<int>& room, const std::function<void(const std::vector<int>&, double)>& f) {
    std::vector<int> split(places_, 0);
    int n = static_cast<int>(groups_[g].size());
    std::function<void(int, int, double)> go = [&](int p, int left, double choose) {
      if (p == places_) {
        if (left) return;
        std::vector<int> rest(room);
        for (int q = 0; q < places_; ++q) rest[q] -= split[q];
        double ways = choose * Ways(g + 1, rest);
        f(split, ways);
        return;
      }
      int most = allowed_[g] >> p & 1 ? std::min(left, room[p]) : 0;
      for (int k = 0; k <= most; ++k) {
        split[p] = k;
        go(p + 1, left - k, choose * Binomial(left, k));
      }
      split[p] = 0;
    };
    go(0, n, 1.0);
  }

  static double Binomial(int n, int k) {
    double b = 1;
    for (int i = 1; i <= k; ++i) b = b * (n - k + i) / i;
    return b;
  }

  std::vector<std::vector<int>> groups_;
  std::vector<int> allowed_;
  int places_;
  std::unordered_map<std::uint64_t, double> memo_;
};

// A world of the cards `player` cannot see, uniform among those that fit what it has seen: the cards it could not
// see at the root (its pool, its own discards left out) less those played since, shared among the other seats in
// play as many as each holds — none a seat has shown out of or is otherwise known not to hold — and the cards out
// of play (the kitty, the discards, a sitting-out partner's hand), which may hold any.
struct Dealing {
  int player;
  std::vector<int> seats;  // the places: these seats, then the cards out of play
  std::vector<int> room;
  Dealer dealer;
};

std::unique_ptr<State> PlayState::ResampleFromInfostate(int player, std::function<double()> rng) const {
  if (player < 0 || player >= kSeats || !c_->knows[player]) {
    SpielFatalError("charlemagne_play: the position gives no knowledge for seat " + std::to_string(player));
  }
  if (!dealing_ || dealing_->player != player) dealing_ = Dealings(player);
  std::vector<Mask> dealt = dealing_->dealer.Deal(dealing_->room, rng);
  auto world = std::make_unique<PlayState>(*this);
  for (size_t p = 0; p < dealing_->seats.size(); ++p) world->hands_[dealing_->seats[p]] = dealt[p];
  return world;
}

std::shared_ptr<Dealing> PlayState::Dealings(int player) const {
  Mask played = 0;
  for (const auto& [seat, card] : moves_) played |= Mask{1} << card;
  Mask pool = c_->pool[player] & ~played;
  std::vector<int> seats;  // the places: these seats, then the cards out of play
  for (int s : c_->seats)
    if (s != player && s != Exposed()) seats.push_back(s), pool |= hands_[s];
  if (Exposed() >= 0 && Exposed() != player) pool &= ~hands_[Exposed()];
  std::array<Mask, kSeats> barred = ShownOut();
  for (int s = 0; s < kSeats; ++s) barred[s] |= c_->barred[player][s];
  const int places = static_cast<int>(seats.size()) + 1;
  std::vector<int> room;
  int in_hands = 0;
  for (int s : seats) room.push_back(Count(hands_[s])), in_hands += Count(hands_[s]);
  room.push_back(Count(pool) - in_hands);
  if (room.back() < 0) SpielFatalError("charlemagne_play: fewer hidden cards than the seats hold");
  std::map<int, std::vector<int>> by_places;
  for (Mask m = pool; m; m &= m - 1) {
    int card = __builtin_ctzll(m);
    int allowed = 1 << (places - 1);
    for (size_t p = 0; p < seats.size(); ++p)
      if (!(barred[seats[p]] >> card & 1)) allowed |= 1 << p;
    by_places[allowed].push_back(card);
  }
  std::vector<std::vector<int>> groups;
  std::vector<int> allowed;
  for (auto& [places_allowed, cards] : by_places) groups.push_back(cards), allowed.push_back(places_allowed);
  return std::make_shared<Dealing>(Dealing{player, seats, room, Dealer(groups, allowed, places)});
}

class PlayGame : public Game {
 public:
  explicit PlayGame(const GameParameters& params)
      : Game(kGameType, params), contract_(ReadContract(ParameterValue<std::string>("position"))) {
    for (double v : contract_->values) most_ = std::max(most_, v < 0 ? -v : v);
  }
  int NumDistinctActions() const override { return kCards; }
  std::unique_ptr<State> NewInitialState() const override {
    return std::make_unique<PlayState>(shared_from_this(), contract_);
  }
  int NumPlayers() const override { return kSeats; }
  double MinUtility() const override { return -most_; }
  double MaxUtility() const override { return most_; }
  absl::optional<double> UtilitySum() const override { return 0; }
  int MaxGameLength() const override { return kCards; }

 private:
  std::shared_ptr<const Contract> contract_;
  double most_ = 0;
};

std::shared_ptr<const Game> Factory(const GameParameters& params) { return std::make_shared<PlayGame>(params); }

REGISTER_SPIEL_GAME(kGameType, Factory);

}  // namespace
}  // namespace charlemagne_play
