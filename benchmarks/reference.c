/* A plain C version of 000 §3.8's basic search (first tour, moves in 000's order), the yardstick
 * for the numba engine's speed. Usage: reference N ROW COL. Prints found, backtracks, seconds. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int size, squares;
static int board[32][32];
static long long backtracks;
static const int delta[8][2] = {{1, 2}, {1, -2}, {-1, 2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};

static int promising(int x, int y) {
    return x >= 0 && x < size && y >= 0 && y < size && board[x][y] == -1;
}

static int search(int x, int y, int step) {
    if (step > squares) return 1;
    for (int i = 0; i < 8; i++) {
        int nx = x + delta[i][0], ny = y + delta[i][1];
        if (promising(nx, ny)) {
            board[nx][ny] = step;
            if (search(nx, ny, step + 1)) return 1;
            board[nx][ny] = -1;
            backtracks++;
        }
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 4) return 2;
    size = atoi(argv[1]);
    squares = size * size;
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++) board[i][j] = -1;
    int x = atoi(argv[2]), y = atoi(argv[3]);
    board[x][y] = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int found = search(x, y, 2);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%d %lld %.6f\n", found, backtracks, (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
    return 0;
}
