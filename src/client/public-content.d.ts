// Types of the build-time content modules made by scripts/vite-plugin-public-content.ts.
declare module 'virtual:public-content/modules' {
  export const modules: readonly { number: number; title: string; description: string }[];
}

declare module 'virtual:public-content/privacy' {
  export const text: { title: string; updated: string; html: string };
}

declare module 'virtual:public-content/terms' {
  export const text: { title: string; updated: string; html: string };
}

declare module 'virtual:public-content/article-list' {
  export const articles: readonly { slug: string; title: string; description: string }[];
}

declare module 'virtual:public-content/articles' {
  export const articles: readonly {
    slug: string;
    title: string;
    description: string;
    html: string;
  }[];
}
