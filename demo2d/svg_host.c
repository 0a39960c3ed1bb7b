/* Host-only SVG picture of the 2D demo's room after a frame: every shape
 * (a core drawn with a stroke as wide as twice its margin and round joins
 * is exactly the rounded shape), the ball and the box, the frame's contact
 * points with their normals as arrows, and the line of sight. Uses stdio
 * and double, so the whole file compiles to nothing on the boards
 * (FXC_BOARD_NAME defined). */
#ifndef FXC_BOARD_NAME

#include <stdio.h>
#include "room.h"

#define PX 40.0      /* pixels per unit */
#define BORDER 20.0  /* pixels around the room */
#define ROOM_W 20.0
#define ROOM_H 10.0
#define ARROW 0.8    /* a normal's arrow, units */

static double num(fix16_t v)
{
    return (double)v / 65536.0;
}

static double sx(double x)
{
    return BORDER + x * PX;
}

static double sy(double y)
{
    return BORDER + (ROOM_H - y) * PX;
}

/* World point of local point (x, y) of body b. */
static void to_world(const room_body *b, fix16_t x, fix16_t y, double *wx, double *wy)
{
    double c = num(b->xf.c), s = num(b->xf.s), lx = num(x), ly = num(y);
    *wx = num(b->xf.pos.x) + c * lx - s * ly;
    *wy = num(b->xf.pos.y) + s * lx + c * ly;
}

static void point_list(FILE *f, const room_body *b, const fxc2_vec *v, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        double x, y;
        to_world(b, v[i].x, v[i].y, &x, &y);
        fprintf(f, "%s%.2f,%.2f", i ? " " : "", sx(x), sy(y));
    }
}

/* One body: its core as a polygon, polyline or dot, swept by its margin
 * through the stroke. */
static void body(FILE *f, const room_body *b, const char *fill, const char *stroke)
{
    const fxc2_shape *s = &b->shape;
    double m = num(s->margin) * PX;
    double x, y;
    switch (s->type) {
    case FXC2_SHAPE_POINT:
        to_world(b, 0, 0, &x, &y);
        fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                sx(x), sy(y), m > 1.0 ? m : 1.0, fill, stroke);
        break;
    case FXC2_SHAPE_SEGMENT: {
        fxc2_vec ends[2];
        ends[0] = s->u.segment.a;
        ends[1] = s->u.segment.b;
        fprintf(f, "<polyline points=\"");
        point_list(f, b, ends, 2);
        fprintf(f, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\"/>\n", fill,
                2 * m > 2.0 ? 2 * m : 2.0);
        break;
    }
    case FXC2_SHAPE_BOX: {
        fxc2_vec h = s->u.box.half, corner[4];
        corner[0] = fxc2_v(-h.x, -h.y);
        corner[1] = fxc2_v(h.x, -h.y);
        corner[2] = fxc2_v(h.x, h.y);
        corner[3] = fxc2_v(-h.x, h.y);
        fprintf(f, "<polygon points=\"");
        point_list(f, b, corner, 4);
        fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linejoin=\"round\"/>\n", fill,
                m > 0 ? fill : stroke, m > 0 ? 2 * m : 1.5);
        break;
    }
    default:
        fprintf(f, "<polygon points=\"");
        point_list(f, b, s->u.polygon.vertices, s->u.polygon.count);
        fprintf(f, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linejoin=\"round\"/>\n", fill,
                m > 0 ? fill : stroke, m > 0 ? 2 * m : 1.5);
        break;
    }
    to_world(b, 0, 0, &x, &y);
    fprintf(f, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" text-anchor=\"middle\" fill=\"#222\">%s</text>\n", sx(x),
            sy(y) + 4, b->name);
}

static void contact(FILE *f, const room_contact *c)
{
    double px = num(c->point.x), py = num(c->point.y);
    double qx = px + ARROW * num(c->normal.x), qy = py + ARROW * num(c->normal.y);
    fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#d62828\" stroke-width=\"2\" "
               "marker-end=\"url(#arrow)\"/>\n",
            sx(px), sy(py), sx(qx), sy(qy));
    fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"#d62828\"/>\n", sx(px), sy(py));
}

int room_svg(const room *r, const char *path)
{
    static const char *const fill[ROOM_WALLS] = { "#8d99ae", "#8d99ae", "#8d99ae", "#8d99ae", "#e9c46a",
                                                  "#f4a261", "#90be6d", "#adb5bd", "#6d597a" };
    FILE *f = fopen(path, "w");
    double w = 2 * BORDER + ROOM_W * PX, h = 2 * BORDER + ROOM_H * PX + 24;
    int k;
    if (f == 0) return -1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
            w, h, w, h);
    fprintf(f, "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
               "markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#d62828\"/>"
               "</marker></defs>\n");
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fdfcf7\"/>\n");
    for (k = 0; k < ROOM_WALLS; k++) body(f, &r->wall[k], fill[k], "#333");
    body(f, &r->box, "#2a9d8f", "#1d3557");
    body(f, &r->ball, "#e76f51", "#9d0208");
    /* the line of sight, green when the eye sees the ball */
    fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" stroke-width=\"1.5\" "
               "stroke-dasharray=\"6 4\"/>\n",
            sx(num(r->eye.x)), sy(num(r->eye.y)), sx(num(r->los_hit.x)), sy(num(r->los_hit.y)),
            r->los_blocker < 0 ? "#2b9348" : "#9d0208");
    fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"5\" fill=\"#1d3557\"/>\n", sx(num(r->eye.x)), sy(num(r->eye.y)));
    for (k = 0; k < r->contacts; k++) contact(f, &r->contact[k]);
    fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" fill=\"#222\">frame %d: %d contact%s; the eye %s</text>\n",
            BORDER, h - 10, r->frame, r->contacts_seen, r->contacts_seen == 1 ? "" : "s",
            r->los_blocker < 0 ? "sees the ball" : "is blocked");
    fprintf(f, "</svg>\n");
    return fclose(f) == 0 ? 0 : -1;
}

#endif /* FXC_BOARD_NAME */
