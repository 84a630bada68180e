import { createContext, useContext } from "react";

/**
 * The site's stylesheet as text, given by the server so the document carries it
 * inline: the first paint waits for no stylesheet request. The browser never has
 * it (the server's copy is already in the page), so its bundle stays without it.
 */
const InlineStylesheetContext = createContext<string | undefined>(undefined);

export const InlineStylesheetProvider = InlineStylesheetContext.Provider;

export function useInlineStylesheet(): string | undefined {
  return useContext(InlineStylesheetContext);
}
