import { siteDescription } from '@sorte/contracts';
import type { FastifyInstance } from 'fastify';

/** The tenant's web app manifest (name, colours, icons) for installing the site as an app. */
export async function manifestRoute(app: FastifyInstance) {
  app.get('/manifest.webmanifest', async (req, reply) => {
    const s = req.tenant.settings;
    const icon = s.images.app_icon ?? s.images.favicon ?? s.logo;
    const type = (u: string) =>
      u.endsWith('.svg')
        ? 'image/svg+xml'
        : u.endsWith('.webp')
          ? 'image/webp'
          : u.endsWith('.jpg')
            ? 'image/jpeg'
            : 'image/png';
    reply.header('cache-control', 'public, max-age=300').type('application/manifest+json; charset=utf-8');
    return {
      name: s.site.title,
      short_name: s.site.name,
      description: siteDescription(s.site, s.default_locale),
      lang: s.default_locale === 'en' ? 'en' : 'pt-BR',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: s.colors.dark.background,
      theme_color: s.colors.dark.surface,
      icons: [
        { src: icon, sizes: '192x192', type: type(icon), purpose: 'any' },
        { src: icon, sizes: '512x512', type: type(icon), purpose: 'any maskable' },
      ],
    };
  });
}
