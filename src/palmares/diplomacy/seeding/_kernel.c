/* The board call's annealing and descent, compiled ahead of time (issue 20).
 *
 * The same moves as the numba reference in anneal_numba.py, step for step: the same
 * xorshift64* draws, the same integer costs, the same floating-point acceptance test (libm's
 * exp and pow, no contraction), so a seed gives the same call through either (a test checks it).
 * Compiled when the package is installed, it spares the command line numba's import and the
 * loading of its cached kernels: `palmares diplomacy seed` within half a second of the call in
 * process. The arrays are any writable C-contiguous buffers of the right item size and
 * dimensions (numpy arrays, or typed memoryviews: the command line need not import numpy);
 * `pairs` may be flat (five numbers a row).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#define T_START 2.0
#define T_END 0.02
#define FOCUS 3
#define UNIT (1.0 / 9007199254740992.0) /* 2^-53 */

typedef struct {
    int64_t *boards; /* [n_boards][size] */
    Py_ssize_t n_boards, size;
    int64_t *board_of, *pos, *player, *movable, *w, *pairs;
    Py_ssize_t n_seats, n_movable, n_players, n_pairs;
    unsigned char *is_double;
} Call;

static uint64_t next_bits(uint64_t *rng) {
    uint64_t x = rng[0];
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng[0] = x;
    return (x * UINT64_C(0x2545F4914F6CDD1D)) >> 11;
}

static int64_t double_extra_of(const Call *c) {
    int64_t total = 0;
    for (Py_ssize_t r = 0; r < c->n_pairs; r++) {
        const int64_t *p = c->pairs + 5 * r;
        int64_t a1 = c->board_of[p[0]], a2 = c->board_of[p[1]];
        int64_t b1 = c->board_of[p[2]], b2 = c->board_of[p[3]];
        if ((a1 == b1 && a2 == b2) || (a1 == b2 && a2 == b1)) total += p[4];
    }
    return total;
}

static void swap_seats(const Call *c, int64_t ea, int64_t eb) {
    int64_t a = c->board_of[ea], b = c->board_of[eb];
    int64_t pa = c->pos[ea], pb = c->pos[eb];
    c->boards[a * c->size + pa] = eb;
    c->boards[b * c->size + pb] = ea;
    c->board_of[ea] = b;
    c->board_of[eb] = a;
    c->pos[ea] = pb;
    c->pos[eb] = pa;
}

static int64_t swap_delta_of(const Call *c, int64_t ea, int64_t eb) {
    int64_t pa = c->player[ea], pb = c->player[eb];
    int64_t a = c->board_of[ea], b = c->board_of[eb];
    const int64_t *wa = c->w + pa * c->n_players, *wb = c->w + pb * c->n_players;
    int64_t d = 0;
    for (Py_ssize_t s = 0; s < c->size; s++) {
        int64_t q = c->boards[a * c->size + s];
        if (q != ea) d += wb[c->player[q]] - wa[c->player[q]];
        q = c->boards[b * c->size + s];
        if (q != eb) d += wa[c->player[q]] - wb[c->player[q]];
    }
    if (c->n_pairs && (c->is_double[pa] || c->is_double[pb])) {
        int64_t before = double_extra_of(c);
        swap_seats(c, ea, eb);
        d += double_extra_of(c) - before;
        swap_seats(c, ea, eb);
    }
    return d;
}

static int64_t contribution(const Call *c, int64_t e) {
    int64_t b = c->board_of[e];
    const int64_t *wp = c->w + c->player[e] * c->n_players;
    int64_t total = 0;
    for (Py_ssize_t s = 0; s < c->size; s++) {
        int64_t q = c->boards[b * c->size + s];
        if (q != e) total += wp[c->player[q]];
    }
    return total;
}

/* ---- arguments ------------------------------------------------------------------------- */

typedef struct {
    Py_buffer view;
    int held;
} Buf;

/* A writable C-contiguous buffer of `itemsize`-byte items with `ndim` dimensions (0: one or
 * two). */
static int get_buf(PyObject *obj, Buf *buf, Py_ssize_t itemsize, int ndim, const char *name) {
    if (PyObject_GetBuffer(obj, &buf->view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) <
        0)
        return -1;
    buf->held = 1;
    int dims_ok = ndim ? buf->view.ndim == ndim : (buf->view.ndim == 1 || buf->view.ndim == 2);
    if (buf->view.itemsize != itemsize || !dims_ok) {
        PyErr_Format(PyExc_ValueError, "%s: expected %s dimension(s) of %zd-byte items", name,
                     ndim == 1 ? "1" : (ndim == 2 ? "2" : "1 or 2"), itemsize);
        return -1;
    }
    return 0;
}

static void release(Buf *bufs, int n) {
    for (int i = 0; i < n; i++)
        if (bufs[i].held) PyBuffer_Release(&bufs[i].view);
}

static Py_ssize_t dim(const Buf *b, int k) { return b->view.shape[k]; }

/* The rows of `pairs` (a[n][5], or flat: a[5n]; -1 if neither). */
static Py_ssize_t pair_rows(const Buf *b) {
    if (b->view.ndim == 2) return dim(b, 1) == 5 || dim(b, 0) == 0 ? dim(b, 0) : -1;
    return dim(b, 0) % 5 == 0 ? dim(b, 0) / 5 : -1;
}

static int in_range(const int64_t *v, Py_ssize_t n, Py_ssize_t limit) {
    for (Py_ssize_t i = 0; i < n; i++)
        if (v[i] < 0 || v[i] >= limit) return 0;
    return 1;
}

enum { B_BOARDS, B_BOARD_OF, B_POS, B_PLAYER, B_MOVABLE, B_W, B_DOUBLE, B_PAIRS, N_CALL };

/* Fill `c` from the eight arrays of a call; checks shapes and that every index is in range. */
static int get_call(PyObject **objs, Buf *bufs, Call *c) {
    static const char *names[N_CALL] = {"boards", "board_of", "pos",      "player",
                                        "movable", "w",       "is_double", "pairs"};
    static const int ndims[N_CALL] = {2, 1, 1, 1, 1, 2, 1, 0};
    for (int i = 0; i < N_CALL; i++)
        if (get_buf(objs[i], &bufs[i], i == B_DOUBLE ? 1 : 8, ndims[i], names[i]) < 0) return -1;
    c->boards = bufs[B_BOARDS].view.buf;
    c->n_boards = dim(&bufs[B_BOARDS], 0);
    c->size = dim(&bufs[B_BOARDS], 1);
    c->board_of = bufs[B_BOARD_OF].view.buf;
    c->pos = bufs[B_POS].view.buf;
    c->player = bufs[B_PLAYER].view.buf;
    c->movable = bufs[B_MOVABLE].view.buf;
    c->w = bufs[B_W].view.buf;
    c->is_double = bufs[B_DOUBLE].view.buf;
    c->pairs = bufs[B_PAIRS].view.buf;
    c->n_seats = dim(&bufs[B_PLAYER], 0);
    c->n_movable = dim(&bufs[B_MOVABLE], 0);
    c->n_players = dim(&bufs[B_W], 0);
    c->n_pairs = pair_rows(&bufs[B_PAIRS]);
    if (dim(&bufs[B_BOARD_OF], 0) != c->n_seats || dim(&bufs[B_POS], 0) != c->n_seats ||
        dim(&bufs[B_W], 1) != c->n_players || dim(&bufs[B_DOUBLE], 0) < c->n_players ||
        c->n_pairs < 0 ||
        !in_range(c->boards, c->n_boards * c->size, c->n_seats) ||
        !in_range(c->board_of, c->n_seats, c->n_boards) ||
        !in_range(c->pos, c->n_seats, c->size) || !in_range(c->player, c->n_seats, c->n_players) ||
        !in_range(c->movable, c->n_movable, c->n_seats)) {
        PyErr_SetString(PyExc_ValueError, "the arrays of the call do not fit together");
        return -1;
    }
    for (Py_ssize_t r = 0; r < c->n_pairs; r++)
        if (!in_range(c->pairs + 5 * r, 4, c->n_seats)) {
            PyErr_SetString(PyExc_ValueError, "pairs: a seat out of range");
            return -1;
        }
    return 0;
}

/* ---- functions ------------------------------------------------------------------------- */

PyDoc_STRVAR(anneal_slice_doc,
             "anneal_slice(boards, board_of, pos, player, movable, w, is_double, pairs, best, "
             "state, start, stop, budget, bound, hard, unit, rng) -> moves made\n\n"
             "Moves start to stop (of budget) of the annealing, in place (see anneal.py).");

static PyObject *anneal_slice(PyObject *self, PyObject *args) {
    PyObject *objs[N_CALL], *best_obj, *state_obj, *rng_obj;
    long long start, stop, budget, bound, hard;
    double unit;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOLLLLLdO", &objs[0], &objs[1], &objs[2], &objs[3],
                          &objs[4], &objs[5], &objs[6], &objs[7], &best_obj, &state_obj, &start,
                          &stop, &budget, &bound, &hard, &unit, &rng_obj))
        return NULL;
    Buf bufs[N_CALL + 3];
    memset(bufs, 0, sizeof bufs);
    Call c;
    PyObject *result = NULL;
    if (get_call(objs, bufs, &c) < 0 || get_buf(best_obj, &bufs[N_CALL], 8, 2, "best") < 0 ||
        get_buf(state_obj, &bufs[N_CALL + 1], 8, 1, "state") < 0 ||
        get_buf(rng_obj, &bufs[N_CALL + 2], 8, 1, "rng") < 0)
        goto done;
    if (bufs[N_CALL].view.len != bufs[B_BOARDS].view.len || dim(&bufs[N_CALL + 1], 0) < 2 ||
        dim(&bufs[N_CALL + 2], 0) < 1 || budget < 1 || c.n_movable < 1) {
        PyErr_SetString(PyExc_ValueError, "best, state, rng, budget or movable do not fit");
        goto done;
    }
    int64_t *best = bufs[N_CALL].view.buf, *state = bufs[N_CALL + 1].view.buf;
    uint64_t *rng = bufs[N_CALL + 2].view.buf;
    Py_ssize_t cells = c.n_boards * c.size;
    int64_t nm = c.n_movable, made = stop - start;
    double step = pow(T_END / T_START, 1.0 / (double)budget);
    double scale = unit * T_START * pow(T_END / T_START, (double)start / (double)budget);
    Py_BEGIN_ALLOW_THREADS;
    for (long long move = start; move < stop; move++) {
        if (state[1] <= bound) {
            made = move - start;
            break;
        }
        scale *= step;
        int64_t ea = c.movable[(int64_t)next_bits(rng) % nm];
        for (int f = 0; f < FOCUS; f++) {
            if (contribution(&c, ea)) break;
            ea = c.movable[(int64_t)next_bits(rng) % nm];
        }
        int64_t eb = c.movable[(int64_t)next_bits(rng) % nm];
        if (c.board_of[ea] == c.board_of[eb] || c.player[ea] == c.player[eb]) continue;
        int64_t d = swap_delta_of(&c, ea, eb);
        if (d >= hard) continue;
        if (d > 0 && (double)(int64_t)next_bits(rng) * UNIT >= exp((double)(-d) / scale))
            continue;
        swap_seats(&c, ea, eb);
        state[0] += d;
        if (state[0] < state[1]) {
            state[1] = state[0];
            memcpy(best, c.boards, (size_t)cells * sizeof(int64_t));
        }
    }
    Py_END_ALLOW_THREADS;
    result = PyLong_FromLongLong(made);
done:
    release(bufs, N_CALL + 3);
    return result;
}

PyDoc_STRVAR(descend_doc,
             "descend(boards, board_of, pos, player, movable, w, is_double, pairs) -> change\n\n"
             "Swap seats while any swap lowers the cost (a swap-local optimum).");

static PyObject *descend(PyObject *self, PyObject *args) {
    PyObject *objs[N_CALL];
    if (!PyArg_ParseTuple(args, "OOOOOOOO", &objs[0], &objs[1], &objs[2], &objs[3], &objs[4],
                          &objs[5], &objs[6], &objs[7]))
        return NULL;
    Buf bufs[N_CALL];
    memset(bufs, 0, sizeof bufs);
    Call c;
    PyObject *result = NULL;
    if (get_call(objs, bufs, &c) < 0) goto done;
    int64_t total = 0;
    Py_BEGIN_ALLOW_THREADS;
    int improved = 1;
    while (improved) {
        improved = 0;
        for (Py_ssize_t x = 0; x < c.n_movable; x++) {
            int64_t ea = c.movable[x];
            for (Py_ssize_t y = x + 1; y < c.n_movable; y++) {
                int64_t eb = c.movable[y];
                if (c.board_of[ea] == c.board_of[eb] || c.player[ea] == c.player[eb]) continue;
                int64_t d = swap_delta_of(&c, ea, eb);
                if (d < 0) {
                    swap_seats(&c, ea, eb);
                    total += d;
                    improved = 1;
                }
            }
        }
    }
    Py_END_ALLOW_THREADS;
    result = PyLong_FromLongLong(total);
done:
    release(bufs, N_CALL);
    return result;
}

PyDoc_STRVAR(double_extra_doc,
             "double_extra(board_of, pairs) -> extra cost of two-boarders seated together on "
             "both their boards");

static PyObject *double_extra(PyObject *self, PyObject *args) {
    PyObject *board_of_obj, *pairs_obj;
    if (!PyArg_ParseTuple(args, "OO", &board_of_obj, &pairs_obj)) return NULL;
    Buf bufs[2];
    memset(bufs, 0, sizeof bufs);
    PyObject *result = NULL;
    if (get_buf(board_of_obj, &bufs[0], 8, 1, "board_of") < 0 ||
        get_buf(pairs_obj, &bufs[1], 8, 0, "pairs") < 0)
        goto done;
    Call c;
    memset(&c, 0, sizeof c);
    c.board_of = bufs[0].view.buf;
    c.pairs = bufs[1].view.buf;
    c.n_pairs = pair_rows(&bufs[1]);
    if (c.n_pairs < 0) {
        PyErr_SetString(PyExc_ValueError, "pairs: expected rows of 5");
        goto done;
    }
    for (Py_ssize_t r = 0; r < c.n_pairs; r++)
        if (!in_range(c.pairs + 5 * r, 4, dim(&bufs[0], 0))) {
            PyErr_SetString(PyExc_ValueError, "pairs: a seat out of range");
            goto done;
        }
    result = PyLong_FromLongLong(double_extra_of(&c));
done:
    release(bufs, 2);
    return result;
}

static PyMethodDef methods[] = {
    {"anneal_slice", anneal_slice, METH_VARARGS, anneal_slice_doc},
    {"descend", descend, METH_VARARGS, descend_doc},
    {"double_extra", double_extra, METH_VARARGS, double_extra_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel",
    "The board call's annealing and descent, compiled ahead of time (see anneal.py).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
