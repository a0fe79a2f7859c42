/* A plain exact-cover counter by dancing links, the yardstick of benchmarks/bench_cover.py.

   Algorithm C of TAOCP 7.2.2.1 (Algorithm X with colours on secondary items), written for
   this benchmark from Knuth's description: the primary item with the fewest options left is
   chosen first (ties: the first in the items' order), options tried in input order. Reads
   Knuth's text format on standard input (the first line names the items, primary first, then
   '|' and the secondary ones; one option a line, 'item:colour' on a secondary item; lines
   starting with '|' are comments) and prints one line:

       solutions NODES UPDATES

   nodes: levels entered (1 + options chosen); updates: links removed (an item unlinked from
   its list, a node unlinked from its item's list while hiding, purification included), as
   essais counts them, so that the benchmark checks both sides did the same work.

   Build: gcc -O3 -march=native -o dlx dlx.c */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int top, up, down, color; } node; /* top: the item; LEN in an item's header */
typedef struct { int left, right; } item;

static node *nd;
static item *it;
static int n_nodes, cap_nodes, n_items, n_primary;
static char **names, **colour_names;
static int n_colours;
static unsigned long long updates, nodes_entered, solutions;

static void *grow(void *p, size_t size) {
    p = realloc(p, size);
    if (!p) { fprintf(stderr, "dlx: out of memory\n"); exit(2); }
    return p;
}

static int add_node(void) {
    if (n_nodes == cap_nodes) { cap_nodes = cap_nodes ? 2 * cap_nodes : 1024; nd = grow(nd, cap_nodes * sizeof(node)); }
    memset(&nd[n_nodes], 0, sizeof(node));
    return n_nodes++;
}

static int find_item(const char *name) {
    for (int i = 1; i <= n_items; i++) if (!strcmp(names[i], name)) return i;
    fprintf(stderr, "dlx: unknown item %s\n", name);
    exit(2);
}

static int colour_code(const char *name) {
    for (int c = 0; c < n_colours; c++) if (!strcmp(colour_names[c], name)) return c + 1;
    colour_names = grow(colour_names, (n_colours + 1) * sizeof(char *));
    colour_names[n_colours] = strdup(name);
    return ++n_colours;
}

static void hide(int p) {
    for (int q = p + 1; q != p;) {
        int x = nd[q].top, u = nd[q].up, d = nd[q].down;
        if (x <= 0) q = u;
        else if (nd[q].color < 0) q++;
        else { nd[u].down = d; nd[d].up = u; nd[x].top--; updates++; q++; }
    }
}

static void unhide(int p) {
    for (int q = p - 1; q != p;) {
        int x = nd[q].top, u = nd[q].up, d = nd[q].down;
        if (x <= 0) q = d;
        else if (nd[q].color < 0) q--;
        else { nd[u].down = q; nd[d].up = q; nd[x].top++; q--; }
    }
}

static void cover(int i) {
    for (int p = nd[i].down; p != i; p = nd[p].down) hide(p);
    int l = it[i].left, r = it[i].right;
    it[l].right = r; it[r].left = l;
    updates++;
}

static void uncover(int i) {
    int l = it[i].left, r = it[i].right;
    it[l].right = i; it[r].left = i;
    for (int p = nd[i].up; p != i; p = nd[p].up) unhide(p);
}

static void purify(int p) {
    int c = nd[p].color, i = nd[p].top;
    for (int q = nd[i].down; q != i; q = nd[q].down) {
        if (nd[q].color == c) { if (q != p) nd[q].color = -1; }
        else hide(q);
    }
}

static void unpurify(int p) {
    int c = nd[p].color, i = nd[p].top;
    for (int q = nd[i].up; q != i; q = nd[q].up) {
        if (nd[q].color < 0) nd[q].color = c;
        else if (q != p) unhide(q);
    }
}

static void commit_others(int x) {
    for (int p = x + 1; p != x;) {
        int j = nd[p].top;
        if (j <= 0) p = nd[p].up;
        else { if (nd[p].color == 0) cover(j); else if (nd[p].color > 0) purify(p); p++; }
    }
}

static void uncommit_others(int x) {
    for (int p = x - 1; p != x;) {
        int j = nd[p].top;
        if (j <= 0) p = nd[p].down;
        else { if (nd[p].color == 0) uncover(j); else if (nd[p].color > 0) unpurify(p); p--; }
    }
}

static void search(void) {
    nodes_entered++;
    if (it[0].right == 0) { solutions++; return; }
    int best = it[0].right, least = nd[best].top;
    for (int p = it[best].right; p != 0 && least > 0; p = it[p].right)
        if (nd[p].top < least) { best = p; least = nd[p].top; }
    cover(best);
    for (int x = nd[best].down; x != best; x = nd[x].down) {
        commit_others(x);
        search();
        uncommit_others(x);
    }
    uncover(best);
}

int main(void) {
    static char line[1 << 16];
    int declared = 0, spacer = 0, options = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *token = strtok(line, " \t\r\n");
        if (!token || token[0] == '|') continue;
        if (!declared) {
            int secondary = 0;
            names = grow(names, sizeof(char *));
            for (; token; token = strtok(NULL, " \t\r\n")) {
                if (!strcmp(token, "|")) { secondary = 1; continue; }
                names = grow(names, (n_items + 2) * sizeof(char *));
                names[++n_items] = strdup(token);
                if (!secondary) n_primary = n_items;
            }
            it = grow(NULL, (n_items + 2) * sizeof(item));
            for (int i = 0; i <= n_items + 1; i++) { it[i].left = i - 1; it[i].right = i + 1; }
            it[0].left = n_primary; it[n_primary].right = 0; /* the primary items' ring, head 0 */
            it[n_items + 1].right = n_primary + 1; it[n_items + 1].left = n_items; /* the secondary ones', head N + 1 */
            it[n_primary + 1].left = n_items + 1; if (n_items > n_primary) it[n_items].right = n_items + 1;
            for (int i = 0; i <= n_items; i++) { add_node(); nd[i].up = nd[i].down = i; }
            spacer = add_node();
            declared = 1;
            continue;
        }
        int first = n_nodes;
        for (; token; token = strtok(NULL, " \t\r\n")) {
            char *colon = strchr(token, ':');
            int colour = 0;
            if (colon) { *colon = 0; colour = colour_code(colon + 1); }
            int i = find_item(token), p = add_node();
            nd[p].top = i; nd[p].color = colour;
            nd[p].up = nd[i].up; nd[p].down = i; nd[nd[i].up].down = p; nd[i].up = p; nd[i].top++;
        }
        nd[spacer].down = n_nodes - 1;
        spacer = add_node();
        nd[spacer].top = -(++options); nd[spacer].up = first;
    }
    search();
    printf("%llu %llu %llu\n", solutions, nodes_entered, updates);
    return 0;
}
