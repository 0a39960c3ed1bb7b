/* Host-only SVG pictures: one demo frame (top view and side view of the
 * arm and the obstacles, the closest points to each obstacle, and the
 * contact normals as arrows), and the resting boxes' manifolds (top view
 * of each case with its points). Uses stdio and double, so the whole file
 * compiles to nothing on the boards (FXC_BOARD_NAME defined). */
#ifndef FXC_BOARD_NAME

#include <stdio.h>
#include <stdlib.h>
#include "scene.h"
#include "resting.h"

/* Pixels per unit, and the world window of both views. */
#define PX 48.0
#define WX0 (-1.0)
#define WX1 9.0
#define WY0 (-4.5)
#define WY1 4.5
#define WZ0 (-0.5)
#define WZ1 3.5
#define MARGIN 30.0
#define TOP_X MARGIN
#define TOP_Y 60.0
#define SIDE_X (2 * MARGIN + (WX1 - WX0) * PX)
#define SIDE_Y TOP_Y
#define WIDTH (3 * MARGIN + 2 * (WX1 - WX0) * PX)
#define HEIGHT (TOP_Y + (WY1 - WY0) * PX + 40.0)

typedef struct { double x, y; } pt;
/* side == 0: top view (x right, y up); 1: side view from -y (x right, z up). */
typedef struct { double ox, oy; int side; } view;

static const char *const link_color[SCENE_LINKS] = { "#264653", "#3a6ea5", "#6a4c93" };
static const char *const obstacle_fill[SCENE_OBSTACLES] = { "#f4a261", "#90be6d", "#adb5bd" };
static const char *const obstacle_stroke[SCENE_OBSTACLES] = { "#b5651d", "#4f772d", "#495057" };

static double num(fix16_t v)
{
    return (double)v / 65536.0;
}

static pt project(const view *v, fxc_vec3 p)
{
    pt r;
    r.x = v->ox + (num(p.x) - WX0) * PX;
    r.y = v->oy + ((v->side ? WZ1 - num(p.z) : WY1 - num(p.y))) * PX;
    return r;
}

static int by_x(const void *a, const void *b)
{
    const pt *p = a, *q = b;
    if (p->x != q->x) return p->x < q->x ? -1 : 1;
    if (p->y != q->y) return p->y < q->y ? -1 : 1;
    return 0;
}

static double turn(pt o, pt a, pt b)
{
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/* Convex hull of n 2D points (monotone chain), written to out (room for
 * n + 1); returns its vertex count. Sorts p. */
static int hull2d(pt *p, int n, pt *out)
{
    int i, k = 0, lower;
    qsort(p, (size_t)n, sizeof *p, by_x);
    for (i = 0; i < n; i++) {
        while (k >= 2 && turn(out[k - 2], out[k - 1], p[i]) <= 0) k--;
        out[k++] = p[i];
    }
    lower = k + 1;
    for (i = n - 2; i >= 0; i--) {
        while (k >= lower && turn(out[k - 2], out[k - 1], p[i]) <= 0) k--;
        out[k++] = p[i];
    }
    return k > 1 ? k - 1 : k;
}

/* The silhouette of a polytope: hull of its projected vertices. Returns
 * its topmost pixel row. */
static double polytope(FILE *f, const view *v, const fxc_vec3 *w, int n, const char *fill, const char *stroke)
{
    pt p[FXC_HULL_MAX_VERTICES], h[FXC_HULL_MAX_VERTICES + 1];
    double top = 1e9;
    int i, k;
    for (i = 0; i < n; i++) {
        p[i] = project(v, w[i]);
        if (p[i].y < top) top = p[i].y;
    }
    k = hull2d(p, n, h);
    fprintf(f, "<polygon points=\"");
    for (i = 0; i < k; i++) fprintf(f, "%.1f,%.1f ", h[i].x, h[i].y);
    fprintf(f, "\" fill=\"%s\" fill-opacity=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", fill, v->side ? "0.6" : "0.85",
            stroke);
    return top;
}

/* Draws obstacle j; returns the spot for its name, above its silhouette. */
static pt obstacle(FILE *f, const view *v, const scene_body *b, int j)
{
    fxc_vec3 w[FXC_HULL_MAX_VERTICES];
    pt c = project(v, b->xf.pos);
    double top;
    int i;
    switch (b->shape.type) {
    case FXC_SHAPE_BOX: {
        fxc_vec3 h = b->shape.u.box.half;
        for (i = 0; i < 8; i++)
            w[i] = fxc_transform_point(&b->xf, fxc_v3(i & 1 ? h.x : -h.x, i & 2 ? h.y : -h.y, i & 4 ? h.z : -h.z));
        top = polytope(f, v, w, 8, obstacle_fill[j], obstacle_stroke[j]);
        break;
    }
    case FXC_SHAPE_HULL:
        for (i = 0; i < b->shape.u.hull.count; i++) w[i] = fxc_transform_point(&b->xf, b->shape.u.hull.vertices[i]);
        top = polytope(f, v, w, b->shape.u.hull.count, obstacle_fill[j], obstacle_stroke[j]);
        break;
    default: /* sphere */
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" fill-opacity=\"%s\" stroke=\"%s\" "
                   "stroke-width=\"1.5\"/>\n",
                c.x, c.y, num(b->shape.margin) * PX, obstacle_fill[j], v->side ? "0.6" : "0.85", obstacle_stroke[j]);
        top = c.y - num(b->shape.margin) * PX;
        break;
    }
    c.y = top - 5;
    return c;
}

static void pedestal(FILE *f, const view *v, const scene *s)
{
    pt base = project(v, fxc_v3(0, 0, 0)), shoulder = project(v, s->joint[0]);
    if (v->side)
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#6c757d\"/>\n",
                base.x - 0.25 * PX, shoulder.y, 0.5 * PX, base.y - shoulder.y);
    else
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#6c757d\"/>\n", base.x, base.y, 0.3 * PX);
}

/* A capsule's silhouette is its projected core segment, thickened by the
 * radius: a line with round caps. White dots mark the joints. */
static void link_body(FILE *f, const view *v, const scene_body *b, int i)
{
    pt a = project(v, b->end0), e = project(v, b->end1);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-opacity=\"0.85\" "
               "stroke-width=\"%.1f\" stroke-linecap=\"round\"/>\n",
            a.x, a.y, e.x, e.y, link_color[i], 2 * num(b->shape.margin) * PX);
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#fff\" stroke=\"#000\"/>\n", a.x, a.y);
    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#fff\" stroke=\"#000\"/>\n", e.x, e.y);
}

/* Painter's order: bodies farther from the viewer first (top view: lower
 * centres first; side view: larger y first). */
static void bodies(FILE *f, const view *v, const scene *s)
{
    const scene_body *order[SCENE_LINKS + SCENE_OBSTACLES];
    int index[SCENE_LINKS + SCENE_OBSTACLES], n = 0, i, k;
    pt name[SCENE_OBSTACLES];
    for (i = 0; i < SCENE_OBSTACLES; i++) {
        order[n] = &s->obstacle[i];
        index[n++] = i;
    }
    for (i = 0; i < SCENE_LINKS; i++) {
        order[n] = &s->link[i];
        index[n++] = SCENE_OBSTACLES + i;
    }
    for (i = 1; i < n; i++) {
        for (k = i; k > 0; k--) {
            const scene_body *p = order[k - 1], *q = order[k];
            int swap = v->side ? q->xf.pos.y > p->xf.pos.y : q->xf.pos.z < p->xf.pos.z, t;
            if (!swap) break;
            order[k - 1] = q;
            order[k] = p;
            t = index[k - 1];
            index[k - 1] = index[k];
            index[k] = t;
        }
    }
    pedestal(f, v, s);
    for (i = 0; i < n; i++) {
        if (index[i] < SCENE_OBSTACLES) name[index[i]] = obstacle(f, v, order[i], index[i]);
        else link_body(f, v, order[i], index[i] - SCENE_OBSTACLES);
    }
    /* Names last, so that no body hides them. */
    for (i = 0; i < SCENE_OBSTACLES; i++)
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"name\">%s</text>\n", name[i].x, name[i].y, s->obstacle[i].name);
}

/* For each obstacle, its nearest link: the closest points joined by a dashed
 * line (apart), or the contact normal as an arrow (contact). */
static void witnesses(FILE *f, const view *v, const scene *s)
{
    int i, j;
    for (j = 0; j < SCENE_OBSTACLES; j++) {
        int best = 0;
        for (i = 1; i < SCENE_LINKS; i++)
            if (scene_clearance(&s->pair[i][j]) < scene_clearance(&s->pair[best][j])) best = i;
        for (i = 0; i < SCENE_LINKS; i++) {
            const scene_pair *p = &s->pair[i][j];
            if (scene_hit(p)) {
                /* Arrow of 0.8 units from the middle of the two contact
                 * points along the normal (link -> obstacle). */
                fxc_vec3 m = fxc_v3_add(p->contact.point_a, p->contact.point_b);
                fxc_vec3 mid = fxc_v3(m.x / 2, m.y / 2, m.z / 2);
                pt a = project(v, mid), e = project(v, fxc_v3_add(mid, fxc_v3_scale(p->contact.normal, MU(800))));
                pt pa = project(v, p->contact.point_a), pb = project(v, p->contact.point_b);
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#d62828\"/>\n", pa.x, pa.y);
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"none\" stroke=\"#d62828\" stroke-width=\"1.5\"/>\n",
                        pb.x, pb.y);
                if ((e.x - a.x) * (e.x - a.x) + (e.y - a.y) * (e.y - a.y) > 4.0)
                    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"normal\" "
                               "marker-end=\"url(#arrow)\"/>\n",
                            a.x, a.y, e.x, e.y);
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"hit label\">depth %.3f</text>\n", e.x + 6, e.y - 6,
                        num(p->contact.depth));
            } else if (i == best) {
                pt a = project(v, p->dist.point_a), b = project(v, p->dist.point_b);
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"gap\"/>\n", a.x, a.y, b.x,
                        b.y);
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#222\"/>\n", a.x, a.y);
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#222\"/>\n", b.x, b.y);
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"gaptext\">%.3f</text>\n", (a.x + b.x) / 2 + 5,
                        (a.y + b.y) / 2 - 4, num(p->dist.distance));
            }
        }
    }
}

static void grid(FILE *f, const view *v, double v0, double v1, const char *title, const char *vname)
{
    double w = (WX1 - WX0) * PX, h = (v1 - v0) * PX, t;
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#fbfbf8\" stroke=\"#999\"/>\n", v->ox,
            v->oy, w, h);
    for (t = WX0 + 1; t < WX1; t += 1)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n", v->ox + (t - WX0) * PX,
                v->oy, v->ox + (t - WX0) * PX, v->oy + h);
    for (t = v0 + 0.5; t < v1; t += 1)
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>\n", v->ox,
                v->oy + (v1 - t) * PX, v->ox + w, v->oy + (v1 - t) * PX);
    /* Axes through the origin. */
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"axis\"/>\n", v->ox, v->oy + v1 * PX,
            v->ox + w, v->oy + v1 * PX);
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"axis\"/>\n", v->ox - WX0 * PX, v->oy,
            v->ox - WX0 * PX, v->oy + h);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"title\">%s</text>\n", v->ox, v->oy - 8, title);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"small\">x</text>\n", v->ox + w - 10, v->oy + v1 * PX - 4);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"small\">%s</text>\n", v->ox - WX0 * PX + 4, v->oy + 12, vname);
}

/* Text block under the side view: the frame's numbers, as the demo prints them. */
static void table(FILE *f, const scene *s, double x, double y)
{
    int i, j;
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"mono\" xml:space=\"preserve\">clearance  link 1  link 2  link 3</text>\n", x, y);
    for (j = 0; j < SCENE_OBSTACLES; j++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"mono\" xml:space=\"preserve\">%-9s", x, y + 16.0 * (j + 1), s->obstacle[j].name);
        for (i = 0; i < SCENE_LINKS; i++) fprintf(f, " %7.3f", num(scene_clearance(&s->pair[i][j])));
        fprintf(f, "</text>\n");
    }
    y += 16.0 * (SCENE_OBSTACLES + 1);
    for (i = 0; i < SCENE_LINKS; i++) {
        for (j = 0; j < SCENE_OBSTACLES; j++) {
            const scene_pair *p = &s->pair[i][j];
            if (!scene_hit(p)) continue;
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"mono hit\">link %d x %s: depth %.3f, normal (%+.3f, %+.3f, "
                       "%+.3f)</text>\n",
                    x, y, i + 1, s->obstacle[j].name, num(p->contact.depth), num(p->contact.normal.x),
                    num(p->contact.normal.y), num(p->contact.normal.z));
            y += 16.0;
        }
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"small\">Units; a negative clearance is a penetration depth.</text>\n",
            x, y + 8);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"small\">Dashed: closest points between each obstacle and its "
               "nearest link.</text>\n",
            x, y + 24);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" class=\"small\">Red: contact points (dot on the link, ring on the "
               "obstacle) and normal, link to obstacle.</text>\n",
            x, y + 40);
}

int svg_write_frame(const scene *s, const char *path)
{
    FILE *f = fopen(path, "w");
    view top, side;
    if (f == 0) return -1;
    top.ox = TOP_X;
    top.oy = TOP_Y;
    top.side = 0;
    side.ox = SIDE_X;
    side.oy = SIDE_Y;
    side.side = 1;

    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
               "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
            WIDTH, HEIGHT, WIDTH, HEIGHT);
    fprintf(f, "<style>\n"
               ".grid{stroke:#e4e4e0;stroke-width:1}\n"
               ".axis{stroke:#c8c8c0;stroke-width:1.2}\n"
               ".title{font-size:15px;font-weight:bold;fill:#222}\n"
               ".small{font-size:11px;fill:#555}\n"
               ".name{font-size:12px;fill:#222;text-anchor:middle}\n"
               ".name,.gaptext,.label{paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}\n"
               ".gap{stroke:#222;stroke-width:1.3;stroke-dasharray:5,3}\n"
               ".gaptext{font-size:11px;fill:#222}\n"
               ".normal{stroke:#d62828;stroke-width:2.2}\n"
               ".hit{font-size:11px;fill:#d62828}\n"
               ".mono{font-family:DejaVu Sans Mono, Menlo, Consolas, monospace;font-size:12px;fill:#222;"
               "white-space:pre}\n"
               "</style>\n");
    fprintf(f, "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
               "markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d62828\"/></marker></defs>\n");
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
    fprintf(f, "<text x=\"%.1f\" y=\"24\" class=\"title\">fxcollide demo, frame %d/%d: yaw %.1f deg, "
               "shoulder %.1f, elbow %.1f, wrist %.1f deg</text>\n",
            MARGIN, s->frame + 1, SCENE_FRAMES, num(s->yaw) * 57.29578, num(s->pitch[0]) * 57.29578,
            num(s->pitch[1]) * 57.29578, num(s->pitch[2]) * 57.29578);

    grid(f, &top, WY0, WY1, "top view (x right, y up; grid 1 unit)", "y");
    bodies(f, &top, s);
    witnesses(f, &top, s);

    grid(f, &side, WZ0, WZ1, "side view from -y (x right, z up; floor z = 0)", "z");
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#d9d4c7\"/>\n", side.ox,
            side.oy + WZ1 * PX, (WX1 - WX0) * PX, -WZ0 * PX);
    bodies(f, &side, s);
    witnesses(f, &side, s);

    table(f, s, SIDE_X, SIDE_Y + (WZ1 - WZ0) * PX + 30);
    fprintf(f, "</svg>\n");
    return fclose(f) == 0 ? 0 : -1;
}

/* ---- the resting boxes' manifolds --------------------------------------- */

/* Panels of RPX pixels a side, the world window -2.5..2.5 units. */
#define RPX 280.0
#define RW 2.5

static pt resting_px(double ox, fxc_vec3 p)
{
    pt r;
    r.x = ox + (num(p.x) + RW) * RPX / (2 * RW);
    r.y = 70.0 + (RW - num(p.y)) * RPX / (2 * RW);
    return r;
}

/* A box's footprint seen from above: the hull of its corners. */
static void resting_box(FILE *f, double ox, const fxc_shape *b, const fxc_transform *t, const char *fill)
{
    pt p[8], h[9];
    int i, k;
    for (i = 0; i < 8; i++) {
        fxc_vec3 c = b->u.box.half;
        c = fxc_v3(i & 1 ? c.x : -c.x, i & 2 ? c.y : -c.y, i & 4 ? c.z : -c.z);
        p[i] = resting_px(ox, fxc_transform_point(t, c));
    }
    k = hull2d(p, 8, h);
    fprintf(f, "<polygon points=\"");
    for (i = 0; i < k; i++) fprintf(f, "%.1f,%.1f ", h[i].x, h[i].y);
    fprintf(f, "\" fill=\"%s\" fill-opacity=\"0.6\" stroke=\"#444\" stroke-width=\"1.2\"/>\n", fill);
}

int svg_write_resting(fxc_workspace *ws, const char *path)
{
    static resting_case c;
    FILE *f = fopen(path, "w");
    double width = RESTING_CASES * (RPX + 20.0) + 20.0;
    int k, i;
    if (f == 0) return -1;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
            width, RPX + 110.0);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
    fprintf(f, "<text x=\"20\" y=\"24\" font-size=\"15\" font-weight=\"bold\">fxc_manifold: a box resting on a slab, "
               "top view (points numbered deepest first)</text>\n");
    for (k = 0; k < RESTING_CASES; k++) {
        double ox = 20.0 + k * (RPX + 20.0);
        int st = resting_run(k, ws, &c);
        fprintf(f, "<text x=\"%.1f\" y=\"52\" font-size=\"12\">%s: %s, %d points</text>\n", ox, c.what,
                fxc_status_name(st), c.m.count);
        resting_box(f, ox, &c.base, &c.base_xf, "#d9d4c7");
        resting_box(f, ox, &c.box, &c.box_xf, "#90be6d");
        for (i = 0; i < c.m.count; i++) {
            pt q = resting_px(ox, c.m.point[i].point_b);
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#d62828\"/>\n", q.x, q.y);
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#d62828\">%d: %ld</text>\n", q.x + 7, q.y - 7,
                    i + 1, (long)c.m.point[i].separation);
        }
    }
    fprintf(f, "</svg>\n");
    return fclose(f) == 0 ? 0 : -1;
}

#else
/* Boards: nothing here (ISO C wants at least one declaration). */
typedef int svg_host_unused;
#endif /* FXC_BOARD_NAME */
