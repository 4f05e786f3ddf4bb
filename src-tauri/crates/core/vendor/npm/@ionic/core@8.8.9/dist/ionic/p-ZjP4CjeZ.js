/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
const d="undefined"!=typeof window?window:void 0,o="undefined"!=typeof document?document:void 0;export{o as d,d as w}