import {
  Role,
  adminDrawingQuery,
  adminTaskQuery,
  drawingItem,
  pageOf,
  selfDrawingQuery,
  selfTaskQuery,
  taskItem,
} from '@gateway/shared';
import { listDrawingPage, listTaskPage } from '../../domain/tasks/list-tasks.js';
import { defineRoute, type RouteModule } from '../route.js';

const drawingPage = pageOf(drawingItem);
const taskPage = pageOf(taskItem);

/** The drawing log (`/midjourney`) and the music and video task log (`/task`). */
export const taskLogRoutes: RouteModule = (app, ctx) => {
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      tags: ['midjourney'],
      url: '/api/mj/self',
      summary: 'Own Midjourney drawings, newest first',
      access: Role.user,
      query: selfDrawingQuery,
      response: drawingPage,
    },
    ({ user, query }) => listDrawingPage(ctx, { userId: user.id, admin: false }, query),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      tags: ['midjourney'],
      url: '/api/mj/',
      summary: "Every user's Midjourney drawings with owner and channel (administrators)",
      access: Role.admin,
      query: adminDrawingQuery,
      response: drawingPage,
    },
    ({ query }) => listDrawingPage(ctx, { admin: true }, query),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      tags: ['tasks'],
      url: '/api/task/self',
      summary: 'Own music and video tasks, newest first',
      access: Role.user,
      query: selfTaskQuery,
      response: taskPage,
    },
    ({ user, query }) => listTaskPage(ctx, { userId: user.id, admin: false }, query),
  );

  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      tags: ['tasks'],
      url: '/api/task/',
      summary: "Every user's music and video tasks with owner and channel (administrators)",
      access: Role.admin,
      query: adminTaskQuery,
      response: taskPage,
    },
    ({ query }) => listTaskPage(ctx, { admin: true }, query),
  );
};
