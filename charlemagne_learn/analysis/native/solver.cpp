// Double-dummy search of charlemagne_learn, compiled to WebAssembly (scripts/build_solver.py).
//
// The algorithm of the pure-Python search of charlemagne_learn/analysis/solver.py (_Search), which stays its
// oracle (the same values; node counts differ): the same packed layout (each effective suit's cards in play
// fill the low bits of its own segment, the trump segment highest, one spare bit per segment; re-packed after
// every trick), move ordering (taken further here: see lead_order() and follow()), equivalence pruning and
// MTD(f), sure-trick bounds that go further than the Python search's, and DDS's later-tricks bounds (see
// bounds()). The transposition table is a fixed array of buckets, each entry holding its whole key (the four
// packed hands, the leader and the contract's slot): a hash collision can cost a lookup, never an answer.
//
// The module imports nothing and uses no libc, so it instantiates the same way under wasmtime and in a browser.
// Everything crosses the boundary as 32-bit integers: a hand (compact card indices 0-33) as two 17-bit halves,
// since JavaScript passes 64-bit integers only as BigInt.

typedef unsigned long long u64;
typedef unsigned int u32;

// The same source builds natively for CPython (scripts/build_solver.py --native): a shared library whose entry
// points are its only visible symbols (-fvisibility=hidden), loaded with ctypes.
#ifdef __wasm__
#define EXPORT(name) extern "C" __attribute__((export_name(#name)))
#else
#define EXPORT(name) extern "C" __attribute__((visibility("default")))
#endif

static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int bit_length(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int top_bit(u64 x) { return 63 - __builtin_clzll(x); }  // x != 0
static inline int low_bit(u64 x) { return __builtin_ctzll(x); }       // x != 0
static inline int at_most(int a, int b) { return a < b ? a : b; }
static inline int at_least(int a, int b) { return a > b ? a : b; }
// Counts of small sets. WebAssembly counts bits in one instruction; the native build's baseline x86-64 has no
// such instruction, where __builtin_popcountll costs a dozen operations: there the sets that hold a few cards at
// most are counted, or compared with 2, otherwise.
#if defined(__wasm__) || defined(__POPCNT__)
static inline int up_to_three(u64 x) { return popcount(x); }
static inline bool two_or_more(u64 x) { return popcount(x) >= 2; }
static inline int count_up_to(u64 x, int most) { return at_most(popcount(x), most); }
#else
static inline int up_to_three(u64 x) {  // x holds three cards at most
    u64 y = x & (x - 1), z = y & (y - 1);
    return (x != 0) + (y != 0) + (z != 0);
}
// (not x & (x - 1): the compiler reads that as a popcount, and shares it with a popcount of the same set further on)
static inline bool two_or_more(u64 x) { return x && x >> low_bit(x) > 1; }
static inline int count_up_to(u64 x, int most) {
    int n = 0;
    for (; x && n < most; x &= x - 1) n++;
    return n;
}
#endif

// ---------------------------------------------------------------- contracts (the layout and the seats)
enum { SLOTS = 64, MAX_SEGMENTS = 5, MAX_WIDTH = 13, CARDS = 34 };

struct Config {
    int hw, width, nseg, joker_rule, avoid, bidder, size;
    int seats[4], next[4], counts[4], maximises[4], partner[4];
    int opponents[4][4], n_opponents[4];
    u64 hand_mask, trump_mask, trump_low;
    int trump_offset;
    u64 follow[64], contend[64], down[64];
    u64 side[MAX_SEGMENTS];
    int n_side;
    int seg_len[MAX_SEGMENTS];
    int seg_cards[MAX_SEGMENTS][CARDS];
};

static Config configs[SLOTS];
static const Config *K;  // the contract being searched
static int slot_now;

//: sure[t | 1 << n]: tricks a player is sure to win with trumps t (segment bits) when n trumps are in play.
static unsigned char sure_trumps[2 << MAX_WIDTH];
static int sure_ready;

static int sure_of(int index) {
    int n = bit_length((u64)index) - 1, best = 0, mine = 0, seen = 0;
    for (int bit = n - 1; bit >= 0; bit--) {
        seen++;
        if (index >> bit & 1) {
            mine++;
            if (mine - (seen - mine) > best) best = mine - (seen - mine);
        }
    }
    return best;
}

static void wipe();

// Written by the caller one number at a time (set_config), read by configure().
static int input[256];

EXPORT(set_config) int set_config(int i, int value) {
    if (i < 0 || i >= 256) return -1;
    input[i] = value;
    return 0;
}

// The input, in order: segments, trump (1: the last segment is trumps), joker rule, avoid, bidder,
// next[4] (-1: sitting out), counts[4], then each segment: its length and its cards, weakest first.
// Returns the hand width, or a negative number for a layout this module cannot hold. Wipes the table: its
// entries for the contract the slot held before would answer for the new one.
EXPORT(configure) int configure(int slot) {
    if (slot < 0 || slot >= SLOTS) return -1;
    wipe();
    if (!sure_ready) {
        for (int i = 0; i < (2 << MAX_WIDTH); i++) sure_trumps[i] = (unsigned char)sure_of(i);
        sure_ready = 1;
    }
    Config &c = configs[slot];
    c.hw = 0;  // empty until the whole layout is read: begin() refuses an empty slot
    const int *in = input;
    c.nseg = *in++;
    int trump = *in++;
    c.joker_rule = *in++;
    c.avoid = *in++;
    c.bidder = *in++;
    for (int s = 0; s < 4; s++) c.next[s] = *in++;
    for (int s = 0; s < 4; s++) c.counts[s] = *in++;
    if (c.nseg < 1 || c.nseg > MAX_SEGMENTS) return -2;
    int longest = 0;
    for (int k = 0; k < c.nseg; k++) {
        int n = *in++;
        if (n < 0 || n > CARDS) return -3;
        c.seg_len[k] = n;
        for (int j = 0; j < n; j++) c.seg_cards[k][j] = *in++;
        if (n > longest) longest = n;
    }
    c.width = longest + 1;  // the spare bit keeps runs of adjacent bits inside their segment
    int hw = c.width * c.nseg;
    if (c.width > MAX_WIDTH || hw > 64) return -4;
    for (int k = 0; k < c.nseg; k++)
        for (int j = 0; j < c.seg_len[k]; j++)
            if (c.seg_cards[k][j] < 0 || c.seg_cards[k][j] >= CARDS) return -5;
    c.hand_mask = hw == 64 ? ~0ULL : (1ULL << hw) - 1;
    u64 one = (1ULL << c.width) - 1;
    c.trump_mask = trump ? one << (hw - c.width) : 0;
    c.trump_offset = hw - c.width;
    c.trump_low = one;
    c.n_side = 0;
    for (int k = 0; k < c.nseg - (trump ? 1 : 0); k++) c.side[c.n_side++] = one << (k * c.width);
    for (int p = 0; p < hw; p++) {
        c.follow[p] = one << (p / c.width * c.width);
        c.contend[p] = c.follow[p] | c.trump_mask;
        c.down[p] = c.follow[p] & ~((2ULL << p) - 1);
    }
    c.size = 0;
    for (int s = 0; s < 4; s++)
        if (c.next[s] >= 0) c.seats[c.size++] = s;
    for (int s = 0; s < 4; s++) {
        c.maximises[s] = (c.counts[s] != 0) != (c.avoid != 0);
        c.partner[s] = c.next[s ^ 2] >= 0 ? s ^ 2 : -1;
        c.n_opponents[s] = 0;
        for (int i = 0; i < c.size; i++)
            if (c.counts[c.seats[i]] != c.counts[s]) c.opponents[s][c.n_opponents[s]++] = c.seats[i];
    }
    c.hw = hw;
    return hw;
}

// ---------------------------------------------------------------- positions
struct Pos {
    u64 h[4];
};

struct Trick {
    int card[4];
    int n;
#ifdef __wasm__
    int seat, best, winner;  // follow()'s arguments in WebAssembly (see follow_trick())
#endif
};

// Packs compact-index hands: the cards of `played` count as still in play (held by nobody), and `bits` gets
// where they sit. *ok: every card given is one of the contract's layout (else the position is refused, never
// searched with a card sitting nowhere).
static Pos pack(const u64 *hands, const int *played, int n_played, int *bits, bool *ok) {
    u64 alive = hands[0] | hands[1] | hands[2] | hands[3];
    for (int i = 0; i < n_played; i++) alive |= 1ULL << played[i];
    signed char where[CARDS];
    for (int c = 0; c < CARDS; c++) where[c] = -1;
    *ok = true;
    for (int k = 0; k < K->nseg; k++) {
        int pos = k * K->width;
        for (int j = 0; j < K->seg_len[k]; j++) {
            int c = K->seg_cards[k][j];
            if (alive >> c & 1) where[c] = (signed char)pos++;
        }
    }
    Pos p;
    for (int s = 0; s < 4; s++) {
        u64 out = 0, h = hands[s];
        while (h) {
            int at = where[low_bit(h)];
            if (at < 0) *ok = false;
            else out |= 1ULL << at;
            h &= h - 1;
        }
        p.h[s] = out;
    }
    for (int i = 0; i < n_played; i++) {
        bits[i] = where[played[i]];
        if (bits[i] < 0) *ok = false;
    }
    return p;
}

// ---------------------------------------------------------------- transposition table
// Bounds (and the best lead) of positions at trick boundaries, in buckets of two entries filling one cache
// line, so a probe costs one line. An entry holds its whole key: the cards in play, who holds each (two bits
// a card), the leader and the contract's slot; a hash collision can cost a lookup, never an answer. A tag
// (hash bits and the generation's low bits) is compared first. Entries stay valid whatever their generation
// (their key is the whole position); the generation only lets a new deal start from an empty table at once,
// and configure() wipes the table, the one thing that changes what an entry's key means.
struct Way {
    u64 all, own0, own1;
    u32 tag;
    unsigned char meta;  // leader | slot << 2
    signed char lo, hi, first;
};

struct alignas(64) Bucket {
    Way way[2];
};

// 2^13 buckets (512 KiB), where a full 8-card solve keeps about 2,600 entries: a table this size stays in
// the second-level cache from one solve to the next, while one of 2 MiB was missed in cache at most probes
// (1.15-1.4x slower a solve, every contract kind, with 0.5% fewer nodes).
enum { TABLE_BITS = 13 };
static Bucket table[1 << TABLE_BITS];
static u32 generation = 1;

static void wipe() {
    for (u32 i = 0; i < (1u << TABLE_BITS); i++) table[i].way[0].tag = table[i].way[1].tag = 0;
}

// A new deal: the table's entries are of an older generation from now on, so they no longer match.
static void next_generation() { generation++; }

struct Probe {
    u64 all, own0, own1;
    u32 bucket, tag;
    unsigned char meta;
};

static inline Probe probe_of(const Pos &p, int leader) {
    Probe out;
    out.all = p.h[0] | p.h[1] | p.h[2] | p.h[3];
    out.own0 = p.h[1] | p.h[3];
    out.own1 = p.h[2] | p.h[3];
    out.meta = (unsigned char)(leader | slot_now << 2);
    u64 x = out.all * 0x9E3779B97F4A7C15ULL ^ out.own0 * 0xC2B2AE3D27D4EB4FULL ^ out.own1 * 0x165667B19E3779F9ULL ^
            (u64)out.meta * 0xFF51AFD7ED558CCDULL;
    x ^= x >> 31;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 29;
    out.bucket = (u32)(x >> (64 - TABLE_BITS));
    out.tag = (generation & 255) << 24 | ((u32)x & 0xFFFFFF) | 1;
    return out;
}

static inline bool same(const Way &w, const Probe &at) {
    return w.tag == at.tag && w.all == at.all && w.own0 == at.own0 && w.own1 == at.own1 && w.meta == at.meta;
}

static const Way *find(const Probe &at) {
    const Bucket &b = table[at.bucket];
    if (same(b.way[0], at)) return &b.way[0];
    if (same(b.way[1], at)) return &b.way[1];
    return 0;
}

static void keep(const Probe &at, int lo, int hi, int first) {
    // the entry itself, else the first way, the one there before moving to the second
    Bucket &b = table[at.bucket];
    Way *w = &b.way[0];
    if (same(b.way[1], at)) {
        w = &b.way[1];
    } else if (!same(b.way[0], at)) {
        b.way[1] = b.way[0];
    }
    w->all = at.all;
    w->own0 = at.own0;
    w->own1 = at.own1;
    w->tag = at.tag;
    w->meta = at.meta;
    w->lo = (signed char)lo;
    w->hi = (signed char)hi;
    w->first = (signed char)first;
}

// ---------------------------------------------------------------- search
static u32 nodes;

static int boundary(const Pos &p, int leader, int alpha, int beta);

static int bits_down(u64 m, int *out) {
    int n = 0;
    while (m) {
        int t = top_bit(m);
        out[n++] = t;
        m ^= 1ULL << t;
    }
    return n;
}

static int bits_up(u64 m, int *out) {
    int n = 0;
    while (m) {
        out[n++] = low_bit(m);
        m &= m - 1;
    }
    return n;
}

// The hands of the leader's opponents that hold trumps: they can ruff a suit they are out of.
struct Ruffers {
    u64 hand[4];
    int n;
};

// Tricks a hand can cash from the top of its suits, times two, plus one when `leader` holds a card of a suit
// where it cashes at least one. (One number back, and four arguments: see follow_trick().)
static int cash_of(u64 mine, u64 all, const Ruffers &ruffers, u64 leader) {
    u64 tops = mine & all & ~(all >> 1);
    int cash = 0;
    bool entry = false;
    while (tops) {
        int top = top_bit(tops);
        tops ^= 1ULL << top;
        u64 segment = K->follow[top];
        u64 others = all & segment & ~mine;
        // (holding every card of the suit in play, the hand holds its lowest bits up to `top`)
        int run = top + 1 - (others ? bit_length(others) : low_bit(segment));
        if (!(segment & K->trump_mask))
            for (int i = 0; i < ruffers.n && run; i++) run = count_up_to(ruffers.hand[i] & segment, run);
        if (run && (leader & segment)) entry = true;
        cash += run;
    }
    return cash << 1 | entry;
}

// Can the lone bidder of an avoid bid lose every trick still to come, the opponents on lead? Yes when it holds
// no trump and in every suit its highest card is below the opponents' lowest.
static bool ducks_everything(const Pos &p, u64 all) {
    u64 mine = p.h[K->bidder];
    if (mine & K->trump_mask) return false;
    u64 theirs = all & ~mine;
    for (int i = 0; i < K->n_side; i++) {
        u64 segment = K->side[i];
        u64 low_theirs = theirs & segment;
        if ((mine & segment) && low_theirs && (mine & segment) > (low_theirs & (0 - low_theirs))) return false;
    }
    return true;
}

// Is the leader's side sure to lose one of the tricks to come? It wins every trick only by leading suits whose
// top card it holds, and each trick of such a suit takes a card from each of its hands still holding the suit:
// when its longest holdings of the suits it tops add up to fewer cards than the tricks to come, the other side
// wins one (DDS's "later tricks" bound). A lone hand on lead never discards, so it leads every card it holds,
// and the hand holding the top card of one of its suits keeps it for that lead, trumps or not: this always
// holds. A pair can discard on each other's leads, and then it is no proof: an exhaustive search of random
// endings (2 to 6 cards a hand, 2 to 4 players) found it true with no trump in play and up to four suits (as
// DDS uses it, for bridge), false with five, where a hand holding the top cards of three suits is squeezed out
// of one the pair then tops, and false with trumps, where the pair ruffs a suit's top card out. So a pair is
// bounded with no trump in play and four suits at most (every contract but the avoid bids, which do not use it).
static bool all_but_one_leads(const Pos &p, int leader, u64 all, int left) {
    const Config &k = *K;
    int partner = k.partner[leader];
    bool paired = partner >= 0 && k.counts[partner] == k.counts[leader];
    if (k.size - k.n_opponents[leader] != (paired ? 2 : 1)) return false;
    if (paired && ((all & k.trump_mask) || k.n_side > 4)) return false;
    u64 mate = paired ? p.h[partner] : 0, ours = p.h[leader] | mate;
    int leads = 0;
    for (int i = 0; i <= k.n_side; i++) {
        u64 suit = all & (i < k.n_side ? k.side[i] : k.trump_mask);
        if (!suit || !(ours >> top_bit(suit) & 1)) continue;
        leads += at_least(popcount(p.h[leader] & suit), popcount(mate & suit));
        if (leads >= left) return false;
    }
    return true;
}

// Who holds the card at `bit`.
static int holder(const Pos &p, int bit) {
    const Config &k = *K;
    for (int i = 0; i < k.size; i++)
        if (p.h[k.seats[i]] >> bit & 1) return k.seats[i];
    return -1;
}

// With trumps in play, is the leader's side sure to lose a trick to the other side's second trump? The
// leader's side holds the top trump and the other side the second, in a hand holding another trump. That hand
// never leads while the leader's side wins every trick, so on each trick it plays after the top trump's holder
// when that holder sits right before it: it keeps its second trump under the top one and wins with it after, or
// wins at once when made to play a trump the top one has not been played to. Or the other side also holds the
// third trump (DDS's later-tricks bound; an exhaustive search of random endings found no exception, Mulot's
// rule that a void hand plays a trump included).
static bool second_trump_wins(const Pos &p, int leader, u64 all) {
    const Config &k = *K;
    u64 trumps = all & k.trump_mask;
    if (!two_or_more(trumps)) return false;
    int top = top_bit(trumps);
    trumps ^= 1ULL << top;
    int second = top_bit(trumps);
    trumps ^= 1ULL << second;
    int over = holder(p, top), under = holder(p, second);
    if (k.counts[over] != k.counts[leader] || k.counts[under] == k.counts[leader]) return false;
    if (!two_or_more(p.h[under] & k.trump_mask)) return false;
    if (k.next[over] == under) return true;
    return trumps && k.counts[holder(p, top_bit(trumps))] != k.counts[leader];
}

// A side holding the top two trumps in two hands, one of them with another trump, wins two tricks with them
// (DDS's later-tricks bound), though the second is not sure by itself: the top one wins the trick it is played
// to, and so does the second unless the top one is played to it, which the side avoids. When the top one's
// hand holds another trump, it plays its top to the first trick it must play a trump to, unless the second is
// forced out on that trick, where it plays the other; when not, a trump led forces its top out, and the
// second's hand, which then holds another trump, plays that one under it. With no rule making a void hand play
// a trump (Mulot's is on an avoid bid, which does not use this), a hand plays a trump only to a trump led or by
// its own choice.
static void split_top_trumps(const Pos &p, u64 all, int *side) {
    const Config &k = *K;
    u64 trumps = all & k.trump_mask;
    if (k.joker_rule || !two_or_more(trumps)) return;
    int top = top_bit(trumps);
    int over = holder(p, top), under = holder(p, top_bit(trumps ^ 1ULL << top));
    if (over == under || k.counts[over] != k.counts[under]) return;
    if (two_or_more(p.h[over] & k.trump_mask) || two_or_more(p.h[under] & k.trump_mask))
        side[k.counts[over]] = at_least(side[k.counts[over]], 2);
}

// Cheap bounds on the bidder side's tricks to come, from sure tricks (see _Search._bounds, which this extends:
// sure trumps are added up over each side's players, where the Python search takes the best player's, and the
// leader's side cashes its side-suit winners on top of its sure trumps).
static void bounds(const Pos &p, int leader, int left, int alpha, int beta, int *lo_out, int *hi_out) {
    const Config &k = *K;
    u64 all = p.h[0] | p.h[1] | p.h[2] | p.h[3];
    // Each player's sure trumps win tricks of their own whatever anyone plays, so a side's add up.
    int sure[4] = {0, 0, 0, 0}, side[2] = {0, 0};
    if (all & k.trump_mask) {
        u64 marker = 1ULL << bit_length(all >> k.trump_offset);
        for (int i = 0; i < k.size; i++) {
            int seat = k.seats[i];
            sure[seat] = sure_trumps[(p.h[seat] >> k.trump_offset & k.trump_low) | marker];
            side[k.counts[seat]] += sure[seat];
        }
    }
    // two tricks of a side cut only a window asking whether it takes fewer than two
    if (!k.avoid && (beta <= 2 || alpha >= left - 2)) split_top_trumps(p, all, side);
    int lo = side[1], hi = left - side[0];
    // The leader's side losing a trick cuts the search only when the window asks for every trick: looked for
    // then only (looked for at every table miss, they cost as much time as their cuts saved).
    if (!k.avoid && (k.counts[leader] ? alpha >= left - 1 : beta <= 1) &&
        (all_but_one_leads(p, leader, all, left) || second_trump_wins(p, leader, all))) {
        if (k.counts[leader])
            hi = at_most(hi, left - 1);
        else
            lo = at_least(lo, 1);
    }
    if (k.avoid) {
        if (!k.counts[leader] && ducks_everything(p, all)) lo = hi = 0;
        *lo_out = lo;
        *hi_out = hi;
        return;
    }
    Ruffers ruffers;
    ruffers.n = 0;
    for (int i = 0; i < k.n_opponents[leader]; i++) {
        u64 h = p.h[k.opponents[leader][i]];
        if (h & k.trump_mask) ruffers.hand[ruffers.n++] = h;
    }
    // The leader cashes its side-suit winners (no opponent can ruff them), then still has its sure trumps; the
    // partner keeps its own when it can follow or discard without a trump all along.
    int winners = cash_of(p.h[leader] & ~k.trump_mask, all, ruffers, 0) >> 1;
    int cash = winners + sure[leader];
    int partner = k.partner[leader];
    if (partner >= 0 && p.h[partner]) {
        u64 theirs_trumps = p.h[partner] & k.trump_mask;
        if (!(k.joker_rule && theirs_trumps) && popcount(p.h[partner] & ~k.trump_mask) >= winners)
            cash += sure[partner];
        // a low card led to the partner's top card of a suit puts the partner on lead to cash its own, after
        // the leader's own side-suit winners when the partner can follow them or throw cards it does not cash
        int theirs = cash_of(p.h[partner], all, ruffers, p.h[leader]);
        bool entry = theirs & 1;
        theirs >>= 1;
        if (entry) {
            if (theirs > cash) cash = theirs;
            if (!k.joker_rule && popcount(p.h[partner]) - theirs >= winners && winners + theirs > cash)
                cash = winners + theirs;
        }
    }
    if (k.counts[leader])
        lo = at_least(lo, cash);
    else
        hi = at_most(hi, left - cash);
    *lo_out = lo;
    *hi_out = hi;
}

// Every card is forced in the last trick: the highest card that can win it wins.
static int last_trick(const Pos &p, int leader) {
    int led = top_bit(p.h[leader]);
    u64 contend = K->contend[led];
    int best = led, winner = leader;
    for (int seat = K->next[leader]; seat != leader; seat = K->next[seat]) {
        if (!p.h[seat]) continue;
        int card = top_bit(p.h[seat]);
        if ((contend >> card & 1) && card > best) {
            best = card;
            winner = seat;
        }
    }
    return K->counts[winner];
}

// Leads in a good order to search: winners first (side suits', then trumps), then a low card of a suit whose top
// card the partner holds, then a low card of a side suit the partner can ruff, then the rest of the side suits,
// nearest the top of its suit first, then the other trumps, and last the side suits an opponent can ruff (6% fewer
// nodes on the exchange's searches than without those two), their winners and the low card to the partner's top
// card too: an opponent ruffs those as readily as any other card. Trump winners go with the other trumps when no
// opponent holds a trump, where drawing trumps gains nothing. (32% fewer nodes on Canadian trump deals than
// leading every winner first and the other trumps with the rest.)
static int lead_order(const Pos &p, int leader, u64 reps, int *moves) {
    u64 all = p.h[0] | p.h[1] | p.h[2] | p.h[3];
    u64 tops = all & ~(all >> 1);
    u64 cash = reps & tops;
    u64 rest = reps ^ cash;
    u64 to_partner = 0;
    int partner = K->partner[leader];
    u64 held = partner >= 0 ? tops & p.h[partner] : 0;
    while (held) {
        int top = top_bit(held);
        held ^= 1ULL << top;
        u64 suit = rest & K->follow[top];
        to_partner |= suit & (0 - suit);
    }
    rest ^= to_partner;
    u64 ruff = 0, ruffed = 0, trumps = 0;
    if (K->trump_mask) {
        u64 mate = partner >= 0 ? p.h[partner] : 0, theirs = 0;
        for (int j = 0; j < K->n_opponents[leader]; j++) theirs |= p.h[K->opponents[leader][j]];
        for (int i = 0; i < K->n_side; i++) {
            u64 suit = (rest | cash) & K->side[i];
            if (!suit) continue;
            bool ruffable = false;
            for (int j = 0; j < K->n_opponents[leader]; j++) {
                u64 h = p.h[K->opponents[leader][j]];
                if (h && !(h & K->side[i]) && (h & K->trump_mask)) ruffable = true;
            }
            if (ruffable) {
                ruffed |= suit | (to_partner & K->side[i]);
                to_partner &= ~K->side[i];
            } else if ((mate & K->trump_mask) && !(mate & K->side[i])) {
                u64 low = rest & K->side[i];
                ruff |= low & (0 - low);
            }
        }
        cash &= ~ruffed;
        rest &= ~(ruff | ruffed | K->trump_mask);
        if (!(theirs & K->trump_mask)) cash &= ~K->trump_mask;
        trumps = reps & K->trump_mask & ~(cash | to_partner);
    }
    int n = bits_down(cash & ~K->trump_mask, moves);
    n += bits_down(cash & K->trump_mask, moves + n);
    n += bits_up(to_partner, moves + n);
    n += bits_up(ruff, moves + n);
    int start = n;
    n += bits_down(rest, moves + n);
    // a stable insertion sort by distance from the top of the suit
    int key[32];
    for (int i = start; i < n; i++) key[i] = bit_length(all & K->follow[moves[i]]) - moves[i];
    for (int i = start + 1; i < n; i++) {
        int m = moves[i], kk = key[i], j = i - 1;
        while (j >= start && key[j] > kk) {
            moves[j + 1] = moves[j];
            key[j + 1] = key[j];
            j--;
        }
        moves[j + 1] = m;
        key[j + 1] = kk;
    }
    n += bits_down(trumps, moves + n);
    return n + bits_down(ruffed, moves + n);
}

// Takes the card at `at` out of play (out of whichever hand holds it, if any): the cards above it in its suit
// each move one place down.
static inline void squeeze(Pos &p, int at) {
    u64 down = K->down[at], stay = ~(down | 1ULL << at);
    for (int s = 0; s < 4; s++) p.h[s] = (p.h[s] & stay) | (p.h[s] & down) >> 1;
}

// The moves of a follower in search order: the cards of `first` (highest first when `down`), then those of
// `then`, lowest first. No list is built: each move is taken off the masks as it is searched.
struct Moves {
    u64 first, then;
    bool down;
    inline bool next(int *c) {
        if (!first) {
            if (!then) return false;
            first = then;
            then = 0;
            down = false;
        }
        if (down) {
            *c = top_bit(first);
            first ^= 1ULL << *c;
        } else {
            *c = low_bit(first);
            first &= first - 1;
        }
        return true;
    }
};

// Fail-soft alpha-beta value with `seat` to play to trick `t` (not empty), where card `best`, played by
// `winner`, is winning so far. The trick's cards stay in their hands in `p` until the trick is complete, where
// squeezing them out of play takes them out of the hands too: no seat plays twice to a trick, so none of them
// is played again, and the position is not written to a move (a word written alone, then read with its
// neighbours as one wider load in the squeeze, stalled the processor until the write was done).
//
// In WebAssembly, follow() writes its seat, best and winner into the trick and calls follow_trick(), which takes
// four arguments: wasmtime passes a call's first four arguments in registers and the others through the stack,
// each written there as 32 bits and read back as 64 (a load stalled at every call). With four, WebAssembly solves
// 7-12% faster (benchmarks/RESULTS.md; the later arguments made 64 bits wide instead gained 0-3%). Natively, where
// six go in registers, the trick carrying them made the search 2-4.5% slower: follow() stays one function there.
// (follow_trick() is kept out of line, or the compiler moves it into follow(), arguments and all.) The last card of a
// trick is searched by a function of its own there, last_card(), the same code with `last` known: each of the two is
// smaller than the one was, and Cranelift keeps more of its values in registers (WebAssembly 4-8% faster; natively
// `known` is false and the code is the same as before, byte for byte).
#ifdef __wasm__
__attribute__((noinline)) static int follow_trick(const Pos &p, Trick &t, int alpha, int beta);
__attribute__((noinline)) static int last_card(const Pos &p, Trick &t, int alpha, int beta);
__attribute__((always_inline)) static inline int follow(const Pos &p, int seat, Trick &t, int best, int winner,
                                                        int alpha, int beta) {
    t.seat = seat;
    t.best = best;
    t.winner = winner;
    return t.n + 1 < K->size ? follow_trick(p, t, alpha, beta) : last_card(p, t, alpha, beta);
}
template <bool last>
__attribute__((always_inline)) static inline int follow_at(const Pos &p, Trick &t, int alpha, int beta) {
    int seat = t.seat, best = t.best, winner = t.winner;  // (its own calls write the trick's)
    constexpr bool known = true;
#else
static int follow(const Pos &p, int seat, Trick &t, int best, int winner, int alpha, int beta) {
    constexpr bool known = false, last = false;
#endif
    nodes++;
    const Config &k = *K;
    u64 hand = p.h[seat];
    int led = t.card[0];
    u64 legal = hand & k.follow[led];
    if (!legal) {
        u64 trumps = hand & k.trump_mask;
        legal = trumps && k.joker_rule ? trumps : hand;
    }
    u64 reps = legal & ~(legal >> 1);  // one card per run of equivalent cards
    u64 contend = k.contend[led];
    u64 beat = reps & contend & ~((2ULL << best) - 1);
    Moves moves;
    if (k.avoid) {
        // The bidder sheds its highest card that loses the trick; defenders play low, leaving it to the bidder.
        moves = {reps ^ beat, beat, k.counts[seat] != 0};
    } else {
        // Partner winning: play low, unless an opponent still to play can beat the partner's card, where a
        // card that beats every card they could play comes first (a ruff too). Else, unless a partner still to
        // play can beat every card of theirs, win as cheaply as possible with a card none of them can beat,
        // failing that with any card that wins so far; else play low; a discard, from the bottom of each side
        // suit first. (A card an opponent still to play beats, or one the partner's beats anyway, is wasted: 22%
        // fewer nodes than winning with the lowest card that wins so far and never overtaking the partner on
        // Canadian trump deals, 19% on American no-trump deals, 7 of them from the order of the discards.)
        bool partner_winning = k.counts[winner] == k.counts[seat];
        u64 over = partner_winning ? 0 : beat;
        if ((partner_winning || beat) && (known ? !last : t.n + 1 < k.size)) {
            // the highest card each side still to play can play to the trick: of the suit led, else a trump
            int threat = best, help = -1;
            for (int i = t.n + 1, s = seat; i < k.size; i++) {
                s = k.next[s];
                u64 h = p.h[s], f = h & k.follow[led];
                u64 x = f ? f : h & k.trump_mask;
                if (!x) continue;
                if (k.counts[s] != k.counts[seat])
                    threat = at_least(threat, top_bit(x));
                else
                    help = at_least(help, top_bit(x));
            }
            u64 sure = reps & contend & ~((2ULL << threat) - 1);
            if (partner_winning)
                over = threat > best ? sure : 0;
            else if (help > threat)
                over = 0;
            else if (sure)
                over = sure;
        }
        if (!over && !(hand & k.follow[led])) {
            // a discard: the lowest card of each side suit first
            u64 lows = 0;
            for (int i = 0; i < k.n_side; i++) {
                u64 suit = reps & k.side[i];
                lows |= suit & (0 - suit);
            }
            over = lows;
        }
        moves = {over, reps ^ over, false};
    }
    bool maximise = k.maximises[seat];
    int best_value = maximise ? -1 : 99;
    int c;
    if (known ? !last : t.n + 1 < k.size) {
        int follower = k.next[seat];
        while (moves.next(&c)) {
            t.card[t.n++] = c;
            int value = c > best && (contend >> c & 1) ? follow(p, follower, t, c, seat, alpha, beta)
                                                       : follow(p, follower, t, best, winner, alpha, beta);
            t.n--;
            if (maximise) {
                if (value > best_value) {
                    best_value = value;
                    if (value > alpha) alpha = value;
                }
            } else if (value < best_value) {
                best_value = value;
                if (value < beta) beta = value;
            }
            if (alpha >= beta) break;
        }
        return best_value;
    }
    // The last card of the trick: squeeze the trick's cards out (highest first, so a squeeze never moves a
    // position still to be squeezed); each move then squeezes its own card, one place lower for every card of
    // the trick below it in its suit.
    Pos base = p;
    u64 played = 0;
    for (int i = 0; i < t.n; i++) played |= 1ULL << t.card[i];
    for (u64 m = played; m;) {
        int top = top_bit(m);
        m ^= 1ULL << top;
        squeeze(base, top);
    }
    while (moves.next(&c)) {
        int q = c - up_to_three(played & k.follow[c] & ((1ULL << c) - 1));
        Pos after = base;
        squeeze(after, q);
        int w = c > best && (contend >> c & 1) ? seat : winner;
        int won = k.counts[w];
        int value = won + boundary(after, w, alpha - won, beta - won);
        if (maximise) {
            if (value > best_value) {
                best_value = value;
                if (value > alpha) alpha = value;
            }
        } else if (value < best_value) {
            best_value = value;
            if (value < beta) beta = value;
        }
        if (alpha >= beta) break;
    }
    return best_value;
}
#ifdef __wasm__
static int follow_trick(const Pos &p, Trick &t, int alpha, int beta) { return follow_at<false>(p, t, alpha, beta); }
static int last_card(const Pos &p, Trick &t, int alpha, int beta) { return follow_at<true>(p, t, alpha, beta); }
#endif

// Fail-soft value of the best lead; *best_lead gets that lead. `first` (the best lead found the last time
// this position was searched, or -1) is tried first.
static int lead(const Pos &p, int leader, int first, int alpha, int beta, int *best_lead) {
    nodes++;
    const Config &k = *K;
    u64 hand = p.h[leader];
    u64 reps = hand & ~(hand >> 1);
    int moves[32], n;
    if (k.avoid) {
        // Defenders of an avoid bid lead low; the bidder leads high while a defender can still win the trick.
        n = k.counts[leader] ? bits_down(reps, moves) : bits_up(reps, moves);
    } else {
        n = lead_order(p, leader, reps, moves);
    }
    if (first >= 0) {
        int i = 0;
        while (i < n && moves[i] != first) i++;
        if (i < n) {
            for (; i > 0; i--) moves[i] = moves[i - 1];
            moves[0] = first;
        }
    }
    bool maximise = k.maximises[leader];
    int best_value = maximise ? -1 : 99, best = -1;
    int follower = k.next[leader];
    Trick t;
    t.n = 1;
    for (int i = 0; i < n; i++) {
        int c = moves[i];
        t.card[0] = c;
        int value = follow(p, follower, t, c, leader, alpha, beta);
        if (maximise) {
            if (value > best_value) {
                best_value = value;
                best = c;
                if (value > alpha) alpha = value;
            }
        } else if (value < best_value) {
            best_value = value;
            best = c;
            if (value < beta) beta = value;
        }
        if (alpha >= beta) break;
    }
    *best_lead = best;
    return best_value;
}

// Bidder-side tricks still to come, `leader` to lead: the table, sure-trick bounds, then every lead. Exact
// when strictly inside (alpha, beta), otherwise a bound on the side of the window it fell.
static int boundary(const Pos &p, int leader, int alpha, int beta) {
    if (!two_or_more(p.h[leader])) return p.h[leader] ? last_trick(p, leader) : 0;
    Probe at = probe_of(p, leader);
    const Way *e = find(at);
    int lo, hi, first;
    if (!e) {
        // (the tricks left are counted only here: most visits end in the table)
        bounds(p, leader, popcount(p.h[leader]), alpha, beta, &lo, &hi);
        first = -1;
        // kept, so the next visit (another order of the same cards, the next null window) reads them
        if (lo >= beta || hi <= alpha || lo == hi) keep(at, lo, hi, first);
    } else {
        lo = e->lo;
        hi = e->hi;
        first = e->first;
    }
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    int a = at_least(alpha, lo), b = at_most(beta, hi);
    int value = lead(p, leader, first, a, b, &first);
    if (value <= a)
        hi = value;
    else if (value >= b)
        lo = value;
    else
        lo = hi = value;
    keep(at, lo, hi, first);
    return value;
}

// ---------------------------------------------------------------- entry points
// Each takes the contract's slot (configure() first), `fresh` (1: a new deal, so the table starts empty),
// and the four hands in compact card indices as 17-bit halves, low half first.

static u64 hands_in[4];

static bool begin(int slot, int fresh, int a0, int a1, int b0, int b1, int c0, int c1, int d0, int d1) {
    if (slot < 0 || slot >= SLOTS || !configs[slot].hw) return false;
    K = &configs[slot];
    slot_now = slot;
    if (fresh) next_generation();
    hands_in[0] = (u64)(u32)a0 | (u64)(u32)a1 << 17;
    hands_in[1] = (u64)(u32)b0 | (u64)(u32)b1 << 17;
    hands_in[2] = (u64)(u32)c0 | (u64)(u32)c1 << 17;
    hands_in[3] = (u64)(u32)d0 | (u64)(u32)d1 << 17;
    u64 held = 0;
    for (int s = 0; s < 4; s++) {
        if (hands_in[s] & held) return false;  // a card in two hands
        held |= hands_in[s];
    }
    return !(held >> CARDS);
}

// Is `leader` one of the contract's players?
static bool seated(int leader) { return leader >= 0 && leader < 4 && K->next[leader] >= 0; }

// MTD(f)'s first question, the bidder side's tricks to come: halfway between the tricks its top cards promise (the
// top card of each side suit, or with no trump in play its run of top cards there, and the top four trumps it
// holds) and the tricks left when the other side's top cards each win one. Any guess gives the same value; one
// within a trick of it spares the searches of the values between (8% fewer nodes than guessing a quarter of the
// tricks on Canadian trump deals, 2% on American no-trump deals, where the runs count).
static int first_guess(const Pos &p, int left) {
    const Config &k = *K;
    u64 all = p.h[0] | p.h[1] | p.h[2] | p.h[3];
    int promised[2] = {0, 0};
    for (int i = 0; i < k.n_side; i++) {
        u64 suit = all & k.side[i];
        if (!suit) continue;
        int side = k.counts[holder(p, top_bit(suit))];
        do {
            promised[side]++;
            suit ^= 1ULL << top_bit(suit);
        } while (!(all & k.trump_mask) && suit && k.counts[holder(p, top_bit(suit))] == side);
    }
    u64 trumps = all & k.trump_mask;
    for (int n = 0; n < 4 && trumps; n++) {
        int top = top_bit(trumps);
        trumps ^= 1ULL << top;
        promised[k.counts[holder(p, top)]]++;
    }
    return at_most(at_least((promised[1] + left - promised[0] + 1) / 2, 0), left);
}

static int mtdf(const Pos &p, int leader) {
    int lo = 0, hi = popcount(p.h[leader]);
    // (a lone bidder's tricks are not halfway between the two sides' top cards: guessing a quarter of them there
    // took 8% fewer nodes than this guess, on Canadian charlemagne alone)
    const Config &k = *K;
    bool pairs = k.partner[k.bidder] >= 0 && k.counts[k.partner[k.bidder]] == k.counts[k.bidder];
    int guess = !k.avoid && pairs ? first_guess(p, hi) : hi / 4;
    while (lo < hi) {
        int beta = at_least(guess, lo + 1);
        guess = boundary(p, leader, beta - 1, beta);
        if (guess < beta)
            hi = guess;
        else
            lo = guess;
    }
    return lo;
}

// The exact value of boundary(), by null-window searches that share the table (MTD(f)).
EXPORT(solve) int solve(int slot, int fresh, int a0, int a1, int b0, int b1, int c0, int c1, int d0, int d1,
                        int leader) {
    if (!begin(slot, fresh, a0, a1, b0, b1, c0, c1, d0, d1) || !seated(leader)) return -1;
    int none[1];
    bool ok;
    Pos p = pack(hands_in, 0, 0, none, &ok);
    return ok ? mtdf(p, leader) : -1;
}

EXPORT(bound) int bound(int slot, int fresh, int a0, int a1, int b0, int b1, int c0, int c1, int d0, int d1,
                        int leader, int alpha, int beta) {
    if (!begin(slot, fresh, a0, a1, b0, b1, c0, c1, d0, d1) || !seated(leader)) return -1;
    int none[1];
    bool ok;
    Pos p = pack(hands_in, 0, 0, none, &ok);
    return ok ? boundary(p, leader, alpha, beta) : -1;
}

// Many null-window questions in one call, written by the caller into the module's memory (batch_records() is
// where): each record is bound()'s arguments in order (slot, fresh, the four hands as halves, leader, alpha,
// beta), and values[i] (batch_values()) gets record i's answer, -1 where bound() refused it. One call for a
// whole part of a hint's deals: a thread searching them needs Python's global lock once, not once a deal,
// so it keeps pace while another thread prepares the next deals in Python.
enum { BATCH = 1024, RECORD = 13 };
static int records[BATCH * RECORD];
static int values[BATCH];

// (an address is pointer-sized: 32 bits in WebAssembly, 64 in a native build)
EXPORT(batch_records) __INTPTR_TYPE__ batch_records() { return (__INTPTR_TYPE__)records; }
EXPORT(batch_values) __INTPTR_TYPE__ batch_values() { return (__INTPTR_TYPE__)values; }

EXPORT(bound_many) int bound_many(int n) {
    if (n < 0 || n > BATCH) return -1;
    for (int i = 0; i < n; i++) {
        const int *r = records + i * RECORD;
        values[i] = bound(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12]);
    }
    return n;
}

// For each of `candidates` (compact indices, a bit set in two halves) that the seat to move may play to the
// trick `played` (n cards from `leader` on), the bidder's side's tricks from now on, this trick included: four
// bits a card, the lowest candidate in the lowest bits. At most eight candidates.
EXPORT(position) int position(int slot, int fresh, int a0, int a1, int b0, int b1, int c0, int c1, int d0, int d1,
                              int leader, int n, int t0, int t1, int t2, int cand0, int cand1) {
    if (!begin(slot, fresh, a0, a1, b0, b1, c0, c1, d0, d1) || !seated(leader)) return -1;
    const Config &k = *K;
    if (n < 0 || n >= k.size || n > 3) return -1;
    int line[4] = {t0, t1, t2, 0};
    for (int i = 0; i < n; i++)
        if (line[i] < 0 || line[i] >= CARDS) return -1;
    if ((u32)cand0 >> 17 || (u32)cand1 >> (CARDS - 17)) return -1;
    int seat = leader;
    for (int i = 0; i < n; i++) seat = k.next[seat];
    int limit = popcount(hands_in[leader]) + (n ? 1 : 0);
    u64 candidates = (u64)(u32)cand0 | (u64)(u32)cand1 << 17;
    u32 out = 0;
    int shift = 0, guess = limit / 2;
    while (candidates) {
        int c = low_bit(candidates);
        candidates &= candidates - 1;
        u64 bit = 1ULL << c;
        hands_in[seat] ^= bit;
        line[n] = c;
        int bits[4];
        bool ok;
        Pos p = pack(hands_in, line, n + 1, bits, &ok);
        if (!ok) return -1;
        // the card winning so far, and who played it
        int best = bits[0], winner = leader, s = leader;
        for (int i = 1; i <= n; i++) {
            s = k.next[s];
            if ((k.contend[bits[0]] >> bits[i] & 1) && bits[i] > best) {
                best = bits[i];
                winner = s;
            }
        }
        Pos after;
        Trick t;
        if (n + 1 == k.size) {
            int none[1];
            after = pack(hands_in, 0, 0, none, &ok);
        } else {
            for (int i = 0; i <= n; i++) t.card[i] = bits[i];
            t.n = n + 1;
        }
        // The exact value by null-window searches (MTD(f)) sharing the table across cards, each starting
        // from the value of the card before: cheaper than one full-window search per card.
        int lo = 0, hi = limit;
        while (lo < hi) {
            int beta = at_least(guess, lo + 1);
            if (n + 1 == k.size) {
                int won = k.counts[winner];
                guess = won + boundary(after, winner, beta - 1 - won, beta - won);
            } else {
                guess = follow(p, k.next[seat], t, best, winner, beta - 1, beta);
            }
            if (guess < beta)
                hi = guess;
            else
                lo = guess;
        }
        int value = lo;
        guess = value;
        hands_in[seat] ^= bit;
        if (shift < 32) out |= (u32)(value & 15) << shift;
        shift += 4;
    }
    return (int)out;
}

// Search nodes visited since the module was loaded (for benchmarks), modulo 2^32.
EXPORT(visited) int visited() { return (int)nodes; }
