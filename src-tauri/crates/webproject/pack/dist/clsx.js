import{a as r,b as o}from"./chunk-2PZPLK66.js";import"./chunk-4FN3BW5X.js";export{r as clsx,o as default};
