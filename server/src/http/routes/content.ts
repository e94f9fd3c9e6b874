import { faqItem } from '@gateway/shared';
import { z } from 'zod';
import type { SettingDef } from '../../config/settings/define.js';
import * as content from '../../config/settings/groups/content.js';
import { defineRoute } from '../route.js';
import type { RouteModule } from '../route.js';

/** Public text pages and where their content is stored. */
const textPages: Array<[url: string, def: SettingDef<string>, summary: string]> = [
  ['/api/notice', content.notice, 'Announcement (Markdown)'],
  ['/api/about', content.about, 'About page (Markdown, HTML or a URL)'],
  ['/api/home_page_content', content.homePageContent, 'Home page (Markdown, HTML or a URL)'],
  ['/api/css', content.customCss, 'Custom CSS for every console page'],
  ['/api/javascript', content.customJavaScript, 'Custom script for every console page'],
  ['/api/guide', content.guide, 'Activity-benefits guide (Markdown or JSON)'],
];

/** Public content edited by root through the option API. */
export const contentRoutes: RouteModule = (app, ctx) => {
  for (const [url, def, summary] of textPages) {
    defineRoute(
      app,
      ctx,
      { method: 'GET', url, summary, tags: ['content'], access: 'public', response: z.string() },
      async () => ctx.settings.get(def),
    );
  }
  defineRoute(
    app,
    ctx,
    {
      method: 'GET',
      url: '/api/faq',
      summary: 'Frequently asked questions',
      tags: ['content'],
      access: 'public',
      response: z.array(faqItem),
    },
    async () => ctx.settings.get(content.faq),
  );
};
