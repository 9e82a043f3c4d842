// Baseline for the judge-B benchmark: a plain A* per board, states packed into one integer
// (4 bits per cell), Manhattan distance, a binary heap and a hash set of visited states.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <queue>
#include <unordered_set>
#include <vector>
#include <string>
#include <iostream>

struct Node { uint64_t state; int blank, g, f; };
struct Cmp { bool operator()(const Node& a, const Node& b) const { return a.f != b.f ? a.f > b.f : a.g < b.g; } };

static int cell(uint64_t s, int i) { return (s >> (4 * i)) & 15; }
static int manhattan(uint64_t s) {
    int h = 0;
    for (int i = 0; i < 9; ++i) { int t = cell(s, i); if (t) { int g = t - 1; h += std::abs(i / 3 - g / 3) + std::abs(i % 3 - g % 3); } }
    return h;
}
static bool solvable(const int* b) {
    int inv = 0;
    for (int i = 0; i < 9; ++i) for (int j = i + 1; j < 9; ++j) if (b[i] && b[j] && b[i] > b[j]) ++inv;
    return inv % 2 == 0;
}
int main() {
    std::ios::sync_with_stdio(false);
    int t; std::cin >> t;
    uint64_t goal = 0; for (int i = 0; i < 8; ++i) goal |= uint64_t(i + 1) << (4 * i);
    std::string out;
    while (t--) {
        int b[9]; int k = 0;
        while (k < 9) { char c; std::cin >> c; b[k++] = c == '#' ? 0 : c - '0'; }
        if (!solvable(b)) { out += "impossible\n"; continue; }
        uint64_t s = 0; int blank = 0;
        for (int i = 0; i < 9; ++i) { s |= uint64_t(b[i]) << (4 * i); if (!b[i]) blank = i; }
        std::priority_queue<Node, std::vector<Node>, Cmp> open;
        std::unordered_set<uint64_t> closed;
        open.push({s, blank, 0, manhattan(s)});
        int answer = -1;
        while (!open.empty()) {
            Node n = open.top(); open.pop();
            if (n.state == goal) { answer = n.g; break; }
            if (!closed.insert(n.state).second) continue;
            int r = n.blank / 3, c = n.blank % 3;
            const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
            for (int d = 0; d < 4; ++d) {
                int nr = r + dr[d], nc = c + dc[d];
                if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
                int j = nr * 3 + nc; uint64_t tile = cell(n.state, j);
                uint64_t next = (n.state & ~(uint64_t(15) << (4 * j))) | (tile << (4 * n.blank));
                if (closed.count(next)) continue;
                open.push({next, j, n.g + 1, n.g + 1 + manhattan(next)});
            }
        }
        out += std::to_string(answer) + "\n";
    }
    fputs(out.c_str(), stdout);
}
