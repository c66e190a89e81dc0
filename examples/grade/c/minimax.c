/* Minimax over ply's grading protocol (docs/grading.md), in C.
 *
 * ply writes `root N`; the program asks `children N` and `value N`, one query a line,
 * reads ply's answer to each, and ends with `answer V M` (the root's value and the move).
 *
 *   cc -std=c99 -O2 -o minimax minimax.c && ply grade minimax -- ./minimax
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest line read: ply's answer to `children N` lists N's children (a tree whose
 * nodes have hundreds of children needs more). */
#define LINE 8192

/* The kind of a node and its children's names, as ply's answer to `children N`. */
struct node {
    char kind[16];
    int count;
    char **children;
};

static char line[LINE];

/* Reads one line of ply's into `line`, without its newline. */
static void read_line(void) {
    if (!fgets(line, sizeof line, stdin)) {
        fprintf(stderr, "ply closed the input\n");
        exit(1);
    }
    line[strcspn(line, "\r\n")] = '\0';
}

/* Sends one query (flushed: ply waits for the whole line) and reads the answer. */
static void ask(const char *query, const char *name) {
    printf("%s %s\n", query, name);
    fflush(stdout);
    read_line();
}

/* A copy of `text` (strdup is POSIX, not C99). */
static char *copy(const char *text) {
    char *out = malloc(strlen(text) + 1);
    if (!out) {
        perror("malloc");
        exit(1);
    }
    return strcpy(out, text);
}

static struct node children(const char *name) {
    struct node n = {{0}, 0, NULL};
    ask("children", name);
    char *word = strtok(line, " ");
    snprintf(n.kind, sizeof n.kind, "%s", word ? word : "");
    while ((word = strtok(NULL, " ")) != NULL) {
        n.children = realloc(n.children, (size_t)(n.count + 1) * sizeof *n.children);
        if (!n.children) {
            perror("realloc");
            exit(1);
        }
        n.children[n.count++] = copy(word);
    }
    return n;
}

static void release(struct node *n) {
    for (int i = 0; i < n->count; i++) free(n->children[i]);
    free(n->children);
}

static double value(const char *name) {
    ask("value", name);
    return strtod(line, NULL);
}

/* The node's value; `move` (if not NULL) gets the name of the child that gives it. */
static double minimax(const char *name, char *move) {
    struct node n = children(name);
    if (strcmp(n.kind, "leaf") == 0) {
        release(&n);
        return value(name);
    }
    int maximising = strcmp(n.kind, "max") == 0;
    double best = 0;
    for (int i = 0; i < n.count; i++) {
        double v = minimax(n.children[i], NULL);
        if (i == 0 || (maximising ? v > best : v < best)) {
            best = v;
            if (move) snprintf(move, LINE, "%s", n.children[i]);
        }
    }
    release(&n);
    return best;
}

int main(void) {
    static char root[LINE], move[LINE];
    read_line();
    snprintf(root, sizeof root, "%s", line + strlen("root "));
    double v = minimax(root, move);
    printf("answer %.17g %s\n", v, move);
    fflush(stdout);
    return 0;
}
