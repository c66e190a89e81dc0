/* A hostile program for `ply grade`: a recursion 10^6 calls deep, 1 KiB a call (past
 * any stack: the program is killed by SIGSEGV). */
#include <stdio.h>
#include <string.h>

static int depth(int n) {
    volatile char frame[1024];
    memset((char *)frame, n & 0xff, sizeof frame);
    return n == 0 ? 0 : 1 + depth(n - 1) + frame[n % 1024];
}

int main(void) {
    printf("answer %d\n", depth(1000000));
    return 0;
}
